import type { ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { kindOf } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../demo-media.ts';
import { syntheticManifest } from './engine.ts';
import { startServerProcess } from './process.ts';

/**
 * The sitemap part of `npm run bench`: `/sitemap.xml` (with the parts of its index when it has one,
 * what a crawler reads) of a catalogue whose pergola-variants family has 1k, 5k and 10k more members,
 * on the real server in its own process, beside the stock manifest's (the baseline, same run): the time
 * of the whole read, the most the server holds meanwhile above what it holds at rest (its live heap,
 * read after a collection: heap-probe.ts), and the longest a `/healthz` probe waited meanwhile.
 * Target (DESIGN.md): 10,000 members under 2 s and under 100 MB above the idle heap.
 */

const MB = 1024 * 1024;
/** How often the heap is read while the sitemap is read (each read collects garbage first). */
const SAMPLE_MS = 100;
const RUNS = 3;
/** Preloaded into the server: answers its heap in use after a collection (heap-probe.ts). */
const PROBE = new URL('./heap-probe.ts', import.meta.url).href;

/** The server's heap in use right after a full garbage collection: what it holds. */
function liveHeap(child: ChildProcess): Promise<number> {
  return new Promise((done) => {
    child.once('message', (bytes) => done(Number(bytes)));
    child.send('heap');
  });
}

/** Runs `work` while polling `probe`: its result and the highest value seen. */
async function peakDuring<T>(
  probe: () => Promise<number>,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number }> {
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, await probe());
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
  })();
  try {
    return { result: await work(), peak };
  } finally {
    running = false;
    await sampler;
  }
}

/** The longest a `/healthz` probe waited while `work` ran (other requests get their turn). */
async function probeWait(url: string, work: () => Promise<unknown>): Promise<number> {
  const { peak } = await peakDuring(async () => {
    const t0 = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    return performance.now() - t0;
  }, work);
  return peak;
}

/** Reads `/sitemap.xml` and, when it is an index, each of its parts: bytes and URLs read, files. */
async function readSitemap(url: string): Promise<{ bytes: number; urls: number; files: number }> {
  const root = await (await fetch(`${url}/sitemap.xml`)).text();
  const parts = [...root.matchAll(/<sitemap><loc>[^<]*?(\/sitemap-pages-\d+\.xml)<\/loc>/g)].map((m) => m[1] ?? '');
  let bytes = root.length;
  let urls = root.split('<url>').length - 1;
  for (const part of parts) {
    const text = await (await fetch(`${url}${part}`)).text();
    bytes += text.length;
    urls += text.split('<url>').length - 1;
  }
  return { bytes, urls, files: 1 + parts.length };
}

/** A working folder serving the real manifest with `members` more pergola variants. */
async function siteWith(members: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shade-sitemap-bench-'));
  await cp('manifest', join(dir, 'manifest'), { recursive: true });
  if (members > 0)
    for (const s of syntheticManifest(members, { spanish: true })) await writeFile(join(dir, s.file), s.text);
  return dir;
}

interface Row {
  readonly members: number;
  readonly urls: number;
  readonly files: number;
  readonly mb: number;
  readonly ms: number;
  readonly heapMb: number;
  readonly probeMs: number;
}

/**
 * One catalogue: its server started, the stock galleries opened (their listings cached), a first read;
 * then RUNS timed reads (with `/healthz` probes), and one read while the live heap is sampled.
 */
async function measure(members: number, media: string, galleries: readonly string[]): Promise<Row> {
  const dir = await siteWith(members);
  const dataDir = join(dir, 'data');
  await cp(media, dataDir, { recursive: true });
  const execArgv = ['--expose-gc', '--import', PROBE];
  let child: ChildProcess | undefined;
  try {
    const started = await startServerProcess(dataDir, '/robots.txt', { cwd: dir, execArgv, ipc: true });
    child = started.child;
    const { url } = started;
    for (const path of galleries) await (await fetch(`${url}${path}`)).arrayBuffer();
    const read = await readSitemap(url); // code compiled, product list and folder map cached
    const times: number[] = [];
    let probeMs = 0;
    const timed = async (): Promise<void> => {
      const t0 = performance.now();
      await readSitemap(url);
      times.push(performance.now() - t0);
    };
    for (let i = 0; i < RUNS; i++) probeMs = Math.max(probeMs, await probeWait(url, timed));
    const server = child;
    const idle = await liveHeap(server);
    const { peak } = await peakDuring(
      () => liveHeap(server),
      () => readSitemap(url),
    );
    const heapMb = (peak - idle) / MB;
    return {
      members,
      urls: read.urls,
      files: read.files,
      mb: read.bytes / MB,
      ms: Math.min(...times),
      heapMb,
      probeMs,
    };
  } finally {
    child?.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

const col = (v: number | string, width: number, digits = 0): string =>
  (typeof v === 'number' ? v.toFixed(digits) : v).padStart(width);

export async function benchSitemap(sizes: readonly number[] = [1_000, 5_000, 10_000]): Promise<Row[]> {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run npm run check.');
  const c = built.catalogue;
  const media = await demoDataTemplate(c);
  const galleries = c.sitemap.filter((e) => c.pages.some((p) => p.path === e.path && kindOf(p.kind).gallery));
  console.log(
    `\nSitemap: /sitemap.xml and its parts, read whole (best of ${RUNS}); the stock galleries' listings cached;` +
      '\n  heap: the most the server holds while it answers above what it holds at rest (live heap after a collection,' +
      ` read every ${SAMPLE_MS} ms); target 10k members under 2000 ms and 100 MB`,
  );
  console.log('   members     urls files      MB      ms  heap MB  longest /healthz ms');
  const rows: Row[] = [];
  for (const members of [0, ...sizes]) {
    const r = await measure(
      members,
      media,
      galleries.map((g) => g.path),
    );
    rows.push(r);
    const name = members === 0 ? 'baseline' : String(members);
    console.log(
      `  ${col(name, 8)} ${col(r.urls, 8)} ${col(r.files, 5)} ${col(r.mb, 7, 1)} ${col(r.ms, 7)} ${col(r.heapMb, 8, 1)} ` +
        `${col(r.probeMs, 20)}`,
    );
  }
  const [base, ...grown] = rows;
  for (const r of grown)
    console.log(
      `  ${r.members} members: ${((r.ms / r.urls) * 1000).toFixed(1)} ms per 1,000 URLs ` +
        `(baseline ${(((base?.ms ?? 0) / (base?.urls ?? 1)) * 1000).toFixed(1)})`,
    );
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sizes = process.argv.slice(2).map(Number).filter(Boolean);
  await benchSitemap(sizes.length > 0 ? sizes : undefined);
}
