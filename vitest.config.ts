import { defineConfig } from 'vitest/config';
import SlowestFirst from './test/support/slowest-first.js';

// Two projects: `unit` (pure code and in-process fakes, seconds: npm run test:unit) and
// `integration` (the built bin, real debug adapters and real programs: npm run test:integration).
export default defineConfig({
  test: {
    globalSetup: ['test/support/cache-home.ts'],
    // The integration files longest first (test/support/slowest-first.ts): a clean clone has no timings cached.
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          // Tests run bpdiff from source: the built-in adapters' hooks registered as the package's entry does.
          setupFiles: ['test/support/register-hooks.ts'],
          include: ['test/unit/**/*.test.ts'],
          // Pure modules in one thread pool, files not isolated from each other: the unit tests hold no
          // process, no real clock and no module mocks, so each file needs no fresh worker (62 files:
          // 41 s with a worker each, 12.8 s so, measured by farm-bench, median of 5, idle).
          pool: 'threads',
          isolate: false,
          // The unit project first: a broken core shows in seconds.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          setupFiles: [
            'test/support/register-hooks.ts',
            'test/support/file-end-hook.ts',
            'test/support/cpu-per-test.ts',
          ],
          sequence: { groupOrder: 1 },
          include: [
            'test/integration/**/*.test.ts',
            'test/cli/**/*.test.ts',
            'adapters/**/*.test.ts',
            'test/packaging/**/*.test.ts',
          ],
          // Integration tests start real debug adapters; give them room, and no more workers than keep the cores busy.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Each worker runs its files one after another in one process, its modules kept: a fresh
          // process a file cost ~0.22 s of CPU a file (13 small files: 13.9 s of CPU isolated, 11.0 s
          // not). The tests run bpdiff and the adapters as processes of their own, so no state of
          // bpdiff's crosses files; a shared helper's cleanup after each file is test/support/file-end.ts.
          isolate: false,
          // Three on the two cores: a test waits on its adapters' start-ups, round trips and timeouts often
          // enough that two left the cores idle 120 s of a 676 s run; three, 31 s of a 611 s run (clean
          // clones back to back, the same user CPU: 963 and 953 s). BPDIFF_TEST_WORKERS to try another
          // count (the command line's --maxWorkers does not reach a project's own).
          maxWorkers: Number(process.env['BPDIFF_TEST_WORKERS']) || 3,
        },
      },
    ],
  },
});
