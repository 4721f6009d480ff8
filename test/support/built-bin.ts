// The built bpdiff bin, for tests that run it as a user would; rebuilt first when src/ is newer.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { expect } from 'vitest';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'dist/bin/bpdiff.cjs');

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

/** A refused command: exit 2, nothing on stdout, exactly one stderr line matching `message`, in the `what — what to do` form. */
export function expectRefusal(result: { exitCode?: number; stdout: unknown; stderr: unknown }, message: RegExp): void {
  expect(result.exitCode).toBe(2);
  expect(result.stdout).toBe('');
  const lines = String(result.stderr).split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(message);
  expect(lines[0]).toContain(' — ');
}
