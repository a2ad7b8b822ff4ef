import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on CI's 2 cores.
    maxWorkers: 2,
    // The server's files (child processes) share one module graph per worker instead of importing
    // the app afresh for each file: every test builds its own app and database
    // (apps/server/test/support/test-app.ts) and nothing mocks modules. The web's files need a
    // jsdom of their own each, so that project runs isolated in one worker thread beside them
    // (apps/web/vite.config.ts). Vitest on PostgreSQL and SQLite: 451 -> 350 s on 2 cores.
    poolOptions: { forks: { isolate: false }, threads: { maxThreads: 1 } },
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      'apps/server/vitest.config.ts',
      'apps/bank-sim/vitest.config.ts',
      'apps/web/vite.config.ts',
    ],
  },
});
