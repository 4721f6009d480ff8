// What a shared test helper cleans at the end of every test file that ran with it. The integration
// files share their worker's modules (vitest.config.ts: isolate off), so a helper module is evaluated
// once per worker: a hook it registered as it was imported would run for the first file only, and
// state it keeps (a temporary folder) would outlive that file. A helper gives its cleanup here instead;
// the setup file (file-end-hook.ts), which vitest runs before each file, runs every cleanup after the file.
const cleanups = new Set<() => void>();

/** `cleanup` runs after each test file's tests, from now on (once for a file however often it is given). */
export function atEachFileEnd(cleanup: () => void): void {
  cleanups.add(cleanup);
}

/** Every cleanup given so far. */
export function runFileEnd(): void {
  for (const cleanup of cleanups) cleanup();
}
