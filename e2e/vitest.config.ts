import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    // One console and one browser for the whole run; files one after another (2 cores).
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // What a screen shows after a request can take seconds on a busy two-core machine (1 s by default).
    expect: { poll: { timeout: 10_000 } },
  },
});
