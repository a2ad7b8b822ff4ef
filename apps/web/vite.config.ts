import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod 4 ships comments next to its `@__PURE__` marks that Rollup cannot place; Rollup
        // drops the comments and the code is unchanged. Anything else is still reported.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
      output: {
        // Libraries change less often than the app: separate files cache better.
        manualChunks: (id) => {
          if (!id.includes('node_modules') || id.includes('@fontsource')) return undefined;
          if (id.includes('@mui/x-data-grid')) return 'data-grid';
          if (id.includes('@mui') || id.includes('@emotion')) return 'mui';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
          return 'vendor';
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
