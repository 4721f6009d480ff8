#!/usr/bin/env node
// The bpdiff executable. Kept tiny: everything heavy is imported on the path that needs it. Built
// into dist/bin/bpdiff-main.cjs (scripts/bundle-cli.mjs), which dist/bin/bpdiff.cjs loads (bin.ts),
// CommonJS: no top-level await here.
import { runCli } from './run-cli.js';

async function main(): Promise<void> {
  const code = await runCli(process.argv.slice(2));
  // Let stdout and stderr drain before leaving (a pipe may still hold the document).
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  await new Promise<void>((resolve) => process.stderr.write('', () => resolve()));
  process.exit(code);
}

void main();
