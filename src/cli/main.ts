// The bpdiff command as a process: run the command line, let stdout and stderr drain, exit with its
// status. Bundled with the library into the package's one build, dist/bpdiff.cjs
// (scripts/bundle-cli.mjs), which the executable, dist/bin/bpdiff.cjs (bin.ts), loads and calls.
// CommonJS: no top-level await here.
import { runCli } from './run-cli.js';

export async function runMain(): Promise<void> {
  const code = await runCli(process.argv.slice(2));
  // Let stdout and stderr drain before leaving (a pipe may still hold the document).
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}
