import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * `vite build` builds the browser bundle (dist/client: hashed files under assets/, served at /assets,
 * and .vite/manifest.json, which the server reads to preload each page kind's chunks);
 * `vite build --ssr site/entry-server.tsx` builds the server bundle (dist/server/entry-server.js),
 * which server/render imports to render pages.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        assetsDir: 'assets',
        target: 'es2022',
        rollupOptions: { input: 'site/entry-client.tsx' },
      },
  test: {
    include: ['engine/**/*.test.ts', 'server/**/*.test.ts', 'site/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    exclude: ['site/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
