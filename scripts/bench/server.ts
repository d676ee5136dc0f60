import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import { keys } from '../../engine/shared/keys.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../demo-media.ts';
import { startServerProcess } from './process.ts';

export interface ServerBenchOptions {
  /** Seconds per measured target. */
  readonly duration?: number;
  readonly connections?: number;
}

export interface BenchRow {
  readonly name: string;
  readonly path: string;
  readonly bytes: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  /** Requests per second relative to the static baseline of the same bytes. */
  readonly ratio?: number;
}

const ACCEPT = { accept: 'image/avif,image/webp,*/*' };

async function measure(url: string, name: string, path: string, bytes: number, o: Required<ServerBenchOptions>) {
  const headers = ACCEPT;
  const r = await autocannon({ url: url + path, connections: o.connections, duration: o.duration, headers });
  const row: BenchRow = {
    name,
    path,
    bytes,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx + r.timeouts,
  };
  return row;
}

/**
 * The server part of `npm run bench`: a cached folder listing and a cached thumbnail, each against a
 * static file of the same bytes served by the same Express app (`/defaults/...`), in one run.
 */
export async function benchServer(options: ServerBenchOptions = {}): Promise<BenchRow[]> {
  const o = { duration: options.duration ?? 8, connections: options.connections ?? 50 };
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run npm run check.');
  const dataDir = await mkdtemp(join(tmpdir(), 'shade-bench-'));
  await cp(await demoDataTemplate(built.catalogue), dataDir, { recursive: true });
  const { url, child } = await startServerProcess(dataDir, keys.products);
  try {
    const products = (await (await fetch(`${url}${keys.products}`)).json()) as ApiProduct[];
    const folderId = products.find((p) => p.id === 'roman-shades')?.driveFolderId;
    const listingPath = keys.folder(folderId ?? '');
    const listing = Buffer.from(await (await fetch(url + listingPath)).arrayBuffer());
    const items = JSON.parse(listing.toString()) as ApiMediaItem[];
    const thumbPath = items[0]?.thumbnailUrl ?? '';
    const thumbRes = await fetch(url + thumbPath, { headers: ACCEPT });
    const thumb = Buffer.from(await thumbRes.arrayBuffer());
    // A server-rendered gallery page (needs the build: `npm run build`).
    const pagePath = '/pergola-fixed-roof-attached-images';
    const pageRes = await fetch(url + pagePath);
    const page = pageRes.ok ? Buffer.from(await pageRes.arrayBuffer()) : undefined;
    // Baselines: the same bytes as plain files, served by express.static in the same app.
    await writeFile(join(dataDir, 'defaults', 'bench-listing.json'), listing);
    await writeFile(join(dataDir, 'defaults', 'bench-thumb.webp'), thumb);
    if (page) await writeFile(join(dataDir, 'defaults', 'bench-page.html'), page);
    const pageTargets = page ? ['/defaults/bench-page.html', pagePath] : [];

    // Warm every target up first, so that no measurement pays for the JIT or the first disk reads.
    for (const path of [
      '/defaults/bench-listing.json',
      listingPath,
      '/defaults/bench-thumb.webp',
      thumbPath,
      ...pageTargets,
    ]) {
      await autocannon({ url: url + path, connections: o.connections, duration: 2, headers: ACCEPT });
    }
    console.log(`\nServer: autocannon, ${o.connections} connections, ${o.duration} s per target, separate processes`);
    const staticListing = await measure(
      url,
      'static file (listing bytes)',
      '/defaults/bench-listing.json',
      listing.length,
      o,
    );
    const cachedListing = await measure(url, 'cached folder listing', listingPath, listing.length, o);
    const staticThumb = await measure(
      url,
      'static file (thumbnail bytes)',
      '/defaults/bench-thumb.webp',
      thumb.length,
      o,
    );
    const cachedThumb = await measure(url, 'cached thumbnail (webp)', thumbPath, thumb.length, o);
    const rows: BenchRow[] = [
      staticListing,
      { ...cachedListing, ratio: cachedListing.rps / staticListing.rps },
      staticThumb,
      { ...cachedThumb, ratio: cachedThumb.rps / staticThumb.rps },
    ];
    if (page) {
      const staticPage = await measure(
        url,
        'static file (page HTML bytes)',
        '/defaults/bench-page.html',
        page.length,
        o,
      );
      const rendered = await measure(url, 'server-rendered gallery page', pagePath, page.length, o);
      rows.push(staticPage, { ...rendered, ratio: rendered.rps / staticPage.rps });
    } else {
      console.log(`  (no server-rendered page measured: ${pagePath} answered ${pageRes.status}; run npm run build)`);
    }
    printRows(rows);
    return rows;
  } finally {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printRows(rows: readonly BenchRow[]): void {
  console.log(
    `  ${'target'.padEnd(32)}${'bytes'.padStart(8)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}  vs static`,
  );
  for (const r of rows) {
    const ratio = r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`;
    console.log(
      `  ${r.name.padEnd(32)}${String(r.bytes).padStart(8)}${r.rps.toFixed(0).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(8)}  ${ratio}`,
    );
  }
  console.log(
    '  targets: cached listing and rendered page >= 0.5x their static baselines; p99 < 50 ms at 50 connections',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchServer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
