import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['test/support/worker-database.ts', 'test/support/audit-key.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
