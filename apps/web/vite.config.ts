import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.mjs';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the module graph bench/web-size.ts measures (not served: a dot path).
    manifest: true,
    // No manualChunks: Rollup splits along the lazy routes, so each page loads only what it uses.
    // The first script (React, React Router, MUI's core, the sign-in page) is ~770 kB before
    // compression; the page budgets that matter are gzipped, measured by bench/web-size.ts.
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod 4 ships comments next to its `@__PURE__` marks that Rollup cannot place; Rollup
        // drops the comments and the code is unchanged. Anything else is still reported.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/'))
          return;
        warn(warning);
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // jsdom flows through MUI are slow on a loaded 2-core CI machine; above the 5 s that
    // findBy/waitFor may wait (src/test/setup.ts), so a slow step fails with its own message.
    testTimeout: 15_000,
    // Isolated, one file at a time, in a worker thread beside the server's tests (vitest.config.ts).
    pool: 'threads',
  },
});
