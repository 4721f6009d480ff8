// What a shared test helper cleans at the end of every test file that ran with it. The integration
// files share their worker's modules (vitest.config.ts: isolate off), so a helper module is evaluated
// once per worker: a hook it registered as it was imported would run for the first file only, and
// state it keeps (a temporary folder) would outlive that file. A helper gives its cleanup here instead;
// the setup file (file-end-hook.ts), which vitest runs before each file, runs every cleanup after the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cleanups = new Set<() => void>();

/** `cleanup` runs after each test file's tests, from now on (once for a file however often it is given). */
export function atEachFileEnd(cleanup: () => void): void {
  cleanups.add(cleanup);
}

/** Every cleanup given so far. */
export function runFileEnd(): void {
  for (const cleanup of cleanups) cleanup();
}

/**
 * Removes the temporary folder bpdiff's code made for this process (src/process/temp-root.ts:
 * `bpdiff-<pid>-...`) when a test ran that code here. bpdiff removes it at the process's exit, which a
 * test worker stopped at the end of the run (a fork, or a thread of vitest's own process) does not
 * reach; it is made again when next needed.
 */
export function removeProcessTempRoot(): void {
  for (const name of fs.readdirSync(os.tmpdir()))
    if (name.startsWith(`bpdiff-${process.pid}-`))
      fs.rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
}
