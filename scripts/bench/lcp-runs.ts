import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../demo-media.ts';
import { pathPerKind } from './first-load.ts';
import { startServerProcess } from './process.ts';
import { measureWithFloor } from './site.ts';

/**
 * A gallery's LCP in each of 5 Lighthouse runs (mobile, simulated throttling), over the median of its
 * floor (the same HTML without scripts, measured in the same run): DESIGN.md asks for within 10 % in
 * every run, not only the median. The demo content; uses the build in dist (`npm run build`).
 */
export async function benchLcpRuns(runs = 5): Promise<void> {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  const gallery = pathPerKind(built.catalogue).get('image-gallery') ?? '/';
  const dataDir = await mkdtemp(join(tmpdir(), 'lcp-runs-bench-'));
  await cp(await demoDataTemplate(built.catalogue), dataDir, { recursive: true });
  const server = await startServerProcess(dataDir, '/robots.txt');
  try {
    const rows = await measureWithFloor(server.url, [['gallery', gallery]], runs);
    console.log(`\nlcp-runs: gallery LCP in each of ${runs} Lighthouse runs over its floor's median (target <= 1.10)`);
    console.table(
      rows.flatMap((r) =>
        (r.lcpRunsMs ?? []).map((lcp, i) => ({
          page: r.path,
          run: i + 1,
          'LCP ms': Math.round(lcp),
          'floor LCP ms (median)': Math.round(r.floor?.lcpMs ?? NaN),
          'floor run ms': Math.round(r.floor?.lcpRunsMs?.[i] ?? NaN),
          'LCP / floor': Number((lcp / (r.floor?.lcpMs ?? NaN)).toFixed(2)),
        })),
      ),
    );
  } finally {
    server.child.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLcpRuns();
