import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure code and in-process fakes, seconds: npm run test:unit) and
// `integration` (the built bin, real debug adapters and real programs: npm run test:integration).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/cli/**/*.test.ts', 'test/node-adapter/**/*.test.ts', 'adapters/**/*.test.ts'],
          // Integration tests start real debug adapters; give them room and keep the two cores from thrashing.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
