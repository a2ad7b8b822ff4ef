import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['test/**/*.test.ts'], environment: 'node' } },
      'apps/server/vitest.config.ts',
      'apps/bank-sim/vitest.config.ts',
      'apps/web/vite.config.ts',
    ],
  },
});
