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
 * What every page with islands runs: React and react-dom, the state and data libraries, styles, the
 * island runtime and the small shared components. One `core` chunk instead of a dozen small ones keeps
 * the first load to a few requests (HTTP/1.1 opens 6 connections per host, and the largest image must
 * not wait behind scripts). Each island, the album, the viewer, the dialog and the toaster stay in
 * their own chunks, loaded by the pages (or the clicks) that use them. What every gallery needs at once
 * (its Refresh button, the icons of its tiles) is in the core chunk too: a gallery's first load is then
 * core, the entry and its island, and an icon of the core chunk's own parts must be in it as well, or
 * the two chunks would import each other. The parts only some islands
 * use (the focus trap of the menu and the dialog, the product lookups of a dialog), which a gallery,
 * whose script loads with the page, would otherwise carry in its first load.
 */
const CORE = [
  /node_modules\/(react|react-dom|scheduler|swr|jotai|wouter|@stitches\/react|use-sync-external-store|dequal)\//,
  /node_modules\/lucide-react\/dist\/esm\/(Icon|context|createLucideIcon|defaultAttributes|shared\/|icons\/(refresh-cw|play)\.mjs)/,
  /\/site\/(app|data)\//,
  /\/site\/styles\/stitches\.ts$/,
  /\/site\/islands\/(IslandRoot|store|hydrate|types|photo-address|live)\.tsx?$/,
  /\/site\/components\/(ui|Thumb|Loading|Toasts|RefreshButton)\.tsx/,
  /\/engine\/placeholders\.ts/,
  /\/site\/lib\/switch\.ts/,
  // Vite's helper for import(): the visitor entry and the staff tools (the manifest editor's code
  // editor) both use it, and a module two entries share would otherwise be a chunk of its own.
  /vite\/preload-helper/,
  /\/engine\/shared\/(page|keys|media|images|file-types|api|captions|paging|islands|colors)\.ts/,
];
const isCore = (id: string): boolean => CORE.some((re) => re.test(id));

/**
 * The visitor entry, the staff tools' entry (its own bundle, never loaded by visitor pages), and the
 * Web Vitals reporter (web-vitals and its sender only, loaded after the load event: server/render/boot.ts).
 */
const CLIENT_INPUTS = ['site/entry-client.tsx', 'site/staff/entry.tsx', 'site/vitals/reporter.ts'].filter((f) =>
  existsSync(f),
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react()],
  publicDir: false,
  // swr and wouter import the use-sync-external-store shim (for React before 18); React 19 has the hook.
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
      // The browser formats messages compiled on the server (engine/shared/format.ts) and never parses
      // one: the parser's documented stand-in for precompiled messages keeps ~10 KB gzip off galleries.
      // (Tests and the server parse: the browser build only.)
      ...(command !== 'build' || isSsrBuild
        ? []
        : [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]),
    ],
  },
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
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine, idle
    // while a test waits on a server process, a timer or the disk. Most files here wait more than they
    // compute, so three workers keep both cores busy.
    maxWorkers: 3,
  },
}));
