import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bank-sim',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
