import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAGE_ENDPOINT } from '../../engine/shared/page.ts';
import { catalogue, hit, startFaultSite, type FaultSite } from '../../testing/fault-site.ts';

/**
 * Every route with odd inputs while Drive fails about half the time: no 5xx but the deliberate 502
 * and 503, no hang (each request has a hang guard far above any expected time), memory bounded.
 */
let site: FaultSite;
beforeAll(async () => {
  site = await startFaultSite({ deadlineMs: 1000 });
});
afterAll(() => site.close());

/** A small deterministic random source, so that a failure can be replayed. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const ODD = ['', 'x', '..', '%2e%2e%2f', '%00', 'a'.repeat(200), '\u00e9', '-_-', '1', '%ZZ', 'null', '<script>'];

it('answers every route with a 2xx-4xx or a deliberate 502/503, never hangs, and keeps its memory', async () => {
  const s = site;
  const rnd = random(11);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const fileIds = [...s.fake.state.files.values()].map((f) => f.id);
  const folderIds = catalogue.folders.map((f) => s.folder(f.path));
  const ids = [...fileIds, ...folderIds, ...ODD];
  const pages = catalogue.pages.map((p) =>
    p.path.replace(/:[A-Za-z]+/g, () => pick(['x', 'images', 'videos', ...ODD])),
  );
  const routes: (() => [string, RequestInit?])[] = [
    () => [pick(pages)],
    () => [`/api/products?category=${pick(['', 'pergolas', ...ODD])}`],
    () => ['/api/preview-images'],
    () => [`/api/drive-images/${pick(ids)}`],
    () => [`/api/drive-images-aggregated/${pick([...Object.keys(catalogue.aggregates), ...ODD])}`],
    () => [`/api/drive-preview/${pick(ids)}`],
    () => [`/api/refresh/${pick(ids)}`, { method: 'POST' }],
    () => [`/api/refresh-aggregated/${pick([...Object.keys(catalogue.aggregates), ...ODD])}`, { method: 'POST' }],
    () => [`/media/thumb/${pick(ids)}/${pick(['v1', ...ODD])}/${pick(['tile', 'preview', 'large', 'medium', ...ODD])}`],
    () => [
      `/media/file/${pick(ids)}${pick(['', '?download=1'])}`,
      { headers: { range: pick(['bytes=0-10', 'bytes=5-', 'bytes=-3', 'bytes=999999-', 'nonsense']) } },
    ],
    () => [`${PAGE_ENDPOINT}?path=${encodeURIComponent(pick(pages))}`],
    () => [`/${pick(ODD)}/${pick(ODD)}`],
    () => ['/sitemap.xml'],
  ];
  const rssBefore = process.memoryUsage().rss;
  const statuses = new Map<number, number>();
  const bad: string[] = [];
  for (let round = 0; round < 12; round++) {
    // Drive fails about half the calls, in varying ways.
    s.fake.faults.clearFailures();
    for (const op of ['files.list', 'files.get', 'files.get.media', 'token'] as const) {
      if (rnd() < 0.5)
        s.fake.failNext(
          op,
          1 + Math.floor(rnd() * 20),
          pick(['backendError', 'rateLimitExceeded', 'tooManyRequests', 'unavailable']),
        );
    }
    s.advance(Math.floor(rnd() * 40_000));
    const batch = Array.from({ length: 40 }, () => pick(routes)());
    const answers = await Promise.all(
      batch.map(async ([path, init]) => {
        const answer = await hit(s.base, path, init).catch((e: unknown) => ({ status: -1, text: String(e) }));
        return { path, status: answer.status };
      }),
    );
    for (const { path, status } of answers) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status < 200 || (status >= 500 && status !== 502 && status !== 503)) bad.push(`${status} ${path}`);
    }
  }
  expect(bad).toEqual([]);
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(480);
  // Answers of every kind came back (not only errors).
  expect(statuses.get(200)).toBeGreaterThan(0);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
});
