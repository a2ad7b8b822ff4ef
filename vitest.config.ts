import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one worker on CI's 2 cores.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'], environment: 'node' } },
      'apps/server/vitest.config.ts',
      'apps/bank-sim/vitest.config.ts',
      'apps/web/vite.config.ts',
    ],
  },
});
