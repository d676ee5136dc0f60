import { existsSync } from 'node:fs';
import { benchEngine } from './engine.ts';

/**
 * `npm run bench`: every benchmark in one run, each printing its figures and ratios against a
 * baseline measured in the same run. Parts: engine, server, site, first-tap, lcp-runs, drive-faults, video, ops, sitemap (those present).
 */
const only = process.argv[2];
const parts: Record<string, () => Promise<unknown> | unknown> = {
  engine: benchEngine,
  server: async () => (await import('./server.ts')).benchServer(),
  site: async () => (await import('./site.ts')).benchSite(),
  'first-tap': async () => (await import('./first-tap.ts')).benchFirstTap(),
  'lcp-runs': async () => (await import('./lcp-runs.ts')).benchLcpRuns(),
  'drive-faults': async () => (await import('./drive-faults.ts')).benchDriveFaults(),
  video: async () => (await import('./video.ts')).benchVideo(),
  ops: async () => (await import('./ops.ts')).benchOps(),
  sitemap: async () => (await import('./sitemap.ts')).benchSitemap(),
  manifest: async () => (await import('./manifest.ts')).benchManifest(),
};
for (const [name, run] of Object.entries(parts)) {
  if (only && only !== name) continue;
  if (name !== 'engine' && !existsSync(new URL(`./${name}.ts`, import.meta.url))) {
    console.log(`\n${name}: no benchmark yet (scripts/bench/${name}.ts)`);
    continue;
  }
  await run();
}
