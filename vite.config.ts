import { existsSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * `vite build` builds the browser bundle (dist/client: hashed files under assets/, served at /assets,
 * and .vite/manifest.json, which the server reads to preload each page kind's chunks);
 * `vite build --ssr site/entry-server.tsx` builds the server bundle (dist/server/entry-server.js),
 * which server/render imports to render pages.
 */
/**
 * What every visitor page runs: React, the data layer, router, styles, the page shell (header,
 * footer, page top) and the few icons the shell draws. One `core` chunk instead of a dozen small
 * ones keeps the first load to a few requests (HTTP/1.1 opens 6 connections per host, and the hero
 * image must not wait behind scripts). Templates, sections, the album, the viewer and the dialog
 * stay in their own chunks, loaded by the page kinds that use them.
 */
const CORE = [
  /node_modules\/(preact|react|react-dom|scheduler|swr|wouter|regexparam|@stitches\/react|use-sync-external-store|dequal)\//,
  /node_modules\/lucide-react\/dist\/esm\/(Icon|context|createLucideIcon|defaultAttributes|shared\/)/,
  /node_modules\/lucide-react\/dist\/esm\/icons\/(menu|x|chevron-left|chevron-right|arrow-right|calendar-check|mail|map-pin|phone)\.mjs/,
  /\/site\/(app|data|lib|styles)\//,
  /\/site\/components\/(Header|MobileMenu|Footer|Contact|ui|Thumb|SlotImage|PageTop|Breadcrumbs|BackLink|Loading|Missing|Heading|PageLinks|Toasts)\.tsx/,
  /\/site\/templates\/registry\.ts/,
  /\/engine\/(placeholders|kinds|texts)\.ts/,
  /\/engine\/shared\/(page|keys|products|media|images|sources|file-types|api|captions|paging|contact)\.ts/,
];
const isCore = (id: string): boolean => CORE.some((re) => re.test(id));

/**
 * In the browser the React API is served by Preact's compat layer (preact/compat, about 4 KB where
 * react-dom with react and the scheduler is about 68 KB of gzip): the same components, hooks and
 * libraries, hydrating the HTML that React renders on the server (the SSR build keeps React). This is
 * what brings a visitor page's first-load JavaScript from about 100 KB to about 45 KB (DESIGN.md's
 * target is 80). Component tests run on React, the end-to-end suite on this build.
 */
const BROWSER_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/** The visitor entry, and the staff tools' entry (its own bundle, never loaded by visitor pages). */
const CLIENT_INPUTS = ['site/entry-client.tsx', 'site/staff/entry.tsx'].filter((f) => existsSync(f));

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: false,
  resolve: isSsrBuild || process.env['VITEST'] ? {} : { alias: BROWSER_REACT },
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
        rollupOptions: {
          input: CLIENT_INPUTS,
          output: {
            codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: 'core', test: isCore }] },
          },
        },
      },
  test: {
    include: [
      'engine/**/*.test.ts',
      'server/**/*.test.ts',
      'site/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'testing/**/*.test.ts',
    ],
    exclude: ['site/e2e/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
}));
