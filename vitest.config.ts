import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Database test files whose assertions hold LINE time-outs or delivery leases of a few hundred
 * milliseconds, or that kill and restart server processes: they run alone (project `db-timed`),
 * since a second file competing for the two cores made them miss their limits.
 */
const timed = [
  'apps/api/src/modules/delivery/delivery.db.test.ts',
  'apps/api/src/modules/delivery/events.db.test.ts',
  'apps/api/src/modules/delivery/crash-restart.db.test.ts',
  'apps/api/src/modules/plan-engine/reliability.db.test.ts',
  'apps/api/src/platform/realtime-revocation.db.test.ts',
  'apps/api/src/test/connection-loss.db.test.ts',
];

/**
 * Two tiers (README "Tests"): `pure` (logic without a database) and the database tier, projects
 * `db` and `db-timed` (the API through HTTP on a database per file, copied from one migrated
 * template made by the tier's global setup).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['apps/api/src/test/setup.ts'],
    // Vitest's default on two cores is one worker. A database test file waits much of its time
    // (polling jobs, timers, a child process), so two files at once finish sooner there: measured
    // on ten database files, 94 s against 108 s with one worker and 129 s with three.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          sequence: { groupOrder: 0 },
          include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'eslint-rules/*.test.js'],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          sequence: { groupOrder: 0 },
          include: ['apps/*/src/**/*.db.test.ts'],
          exclude: [...timed, '**/node_modules/**'],
          // The files of a worker share its loaded modules: each would otherwise load the whole API
          // again (about 2 s a file, 150 files). Each file still starts its own app on its own database.
          isolate: false,
          // The 100,000-row import test measures what stays in memory after collections (global.gc).
          execArgv: ['--expose-gc'],
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'db-timed',
          // One file at a time, after the others (a later group): their time limits are tight on purpose.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          include: timed,
          globalSetup: ['apps/api/src/test/global-setup.ts'],
        },
      },
    ],
  },
});
