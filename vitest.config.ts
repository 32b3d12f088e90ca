import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two tiers (README "Tests"): `pure` (logic without a database) and `db` (the API through HTTP on a
 * database per file, copied from one migrated template made by the tier's global setup).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on two cores is one worker. A database test file waits much of its time
    // (polling jobs, timers, a child process), so two files at once finish sooner there: measured
    // on ten database files, 94 s against 108 s with one worker and 129 s with three.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'eslint-rules/*.test.js'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['apps/*/src/**/*.db.test.ts'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
    ],
  },
});
