// The built bpdiff bin, for tests that run it as a user would; rebuilt first when src/ is newer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'dist/src/cli/main.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is older than src/ (tsc still emits when other areas have type errors). */
export async function ensureBuiltBin(): Promise<void> {
  const stale = !fs.existsSync(BIN) || fs.statSync(BIN).mtimeMs < newestMtime(path.join(ROOT, 'src'));
  if (!stale) return;
  await execa('node', ['scripts/bundle-yargs.mjs'], { cwd: ROOT });
  await execa('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: ROOT, reject: false });
}
