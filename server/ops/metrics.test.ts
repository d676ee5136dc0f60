import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../engine/node/read.ts';
import { samplesOf, type Sample } from '../../testing/prometheus.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { photoRoute, UNMATCHED } from './route-label.ts';

/**
 * The metrics port of the server as it runs for real: Prometheus text on METRICS_PORT only, request
 * labels bounded by construction (10,000 random paths add no label beyond the known patterns), and a
 * page counted under its route pattern.
 */

let dir = '';
let site: SiteProcess;
beforeAll(async () => {
  dir = await siteFolder();
  site = await startSiteProcess(dir, { DRAIN_SECONDS: '0', METRICS_PORT: '0', SERVER_NAME: 'web-1' });
}, 60_000);
afterAll(async () => {
  await site?.stop('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** The samples of a scrape (Prometheus text format). */
async function scrape(): Promise<Sample[]> {
  const res = await fetch(site.metricsUrl!);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return samplesOf(await res.text());
}

const requests = (samples: Sample[]) => samples.filter((s) => s.name === 'http_requests_total');
const routes = (samples: Sample[]) => new Set(requests(samples).map((s) => s.labels['route']!));
const total = (samples: Sample[], route?: string) =>
  requests(samples)
    .filter((s) => route === undefined || s.labels['route'] === route)
    .reduce((sum, s) => sum + s.value, 0);

/** A seeded random generator (mulberry32): the same paths every run. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

it('serves Prometheus text on its own port only, with the process, the manifest and the outbox', async () => {
  const samples = await scrape();
  const names = new Set(samples.map((s) => s.name));
  for (const name of ['process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds', 'data_cache_reads_total'])
    expect(names).toContain(name);
  expect(names).toContain('thumbnail_queue_length');
  expect(names).toContain('video_conversion_queue_length');
  expect(samples.find((s) => s.name === 'consultation_outbox_depth')?.value).toBe(0);
  const readyz = (await (await fetch(`${site.base}/readyz`)).json()) as { checks: { catalogue: { reason: string } } };
  const hash = /^manifest ([0-9a-f]{12})/.exec(readyz.checks.catalogue.reason)?.[1];
  // Every metric names its server (SERVER_NAME), as the manifest editor's status does.
  expect(samples.filter((s) => s.name === 'site_manifest_info')).toEqual([
    { name: 'site_manifest_info', labels: { version: '1', hash, server: 'web-1' }, value: 1 },
  ]);
  expect(samples.every((s) => s.labels['server'] === 'web-1')).toBe(true);
  // Visitors never see them: the site's port answers /metrics as any unknown page.
  expect(await (await fetch(`${site.base}/metrics`)).text()).not.toContain('http_requests_total');
  expect((await fetch(site.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
});

// The limit is a hang guard: 10,000 requests take 10-30 s on a loaded 2-core machine.
it('counts 10,000 random paths under known route patterns only, and a page under its pattern', async () => {
  const loaded = loadCatalogue('manifest', dir);
  if (!loaded.ok) throw new Error('the manifest copy is invalid');
  const patterns = loaded.catalogue.pages.map((p) => p.path);
  const before = await scrape();

  const random = rng(19);
  const tokens: string[] = [];
  const token = (): string => {
    const t = `q${Math.floor(random() * 36 ** 8).toString(36)}${tokens.length.toString(36)}`;
    tokens.push(t);
    return t;
  };
  const shapes: (() => string)[] = [
    () => `/${token()}`,
    () => `/${token()}/${token()}?${token()}=1`,
    () => `/api/${token()}`,
    () => `/api/drive-images/${token()}`,
    () => `/media/thumb/${token()}/${token()}/tile`,
    () => `/media/file/${token()}`,
    () => `/assets/${token()}.js`,
    () => `/screens/motorized-screens/${token()}`,
    () => `/screens/motorized-screens/${token()}/${token()}`,
    () => `/pergola-images/photo/${token()}`,
    () => `/${token()}/photo/${token()}`,
    () => `/_site/page?path=/${token()}`,
  ];
  const paths = Array.from({ length: 10_000 }, () => shapes[Math.floor(random() * shapes.length)]!());
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const res = await fetch(`${site.base}${path}`, { method: next % 5 === 0 ? 'HEAD' : 'GET' });
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));

  // A known page, three times, under its pattern.
  for (const type of ['pool', 'patio', 'no-such-type'])
    await (await fetch(`${site.base}/screens/motorized-screens/${type}`)).arrayBuffer();

  const pattern = '/screens/motorized-screens/:type';
  expect(patterns).toContain(pattern);
  const ofPattern = 3 + paths.filter((p) => /^\/screens\/motorized-screens\/[^/]+$/.test(p)).length;
  // A request is counted when its answer has ended on the server's side, which can be just after the
  // client has read it: scrape until all are in (a hang guard, not a timing assertion).
  const counted = (s: Sample[]) =>
    total(s) - total(before) >= 10_003 && total(s, pattern) - total(before, pattern) >= ofPattern;
  let after = await scrape();
  for (const deadline = Date.now() + 10_000; !counted(after) && Date.now() < deadline;) after = await scrape();
  expect(total(after) - total(before)).toBeGreaterThanOrEqual(10_003);
  expect(total(after, pattern) - total(before, pattern)).toBe(ofPattern);

  // The labels: never a raw path, only the route table's patterns, the app's own and `unmatched`.
  const known = new Set([...patterns, ...patterns.map(photoRoute), UNMATCHED, ...routes(before)]);
  const grown = [...routes(after)].filter((r) => !known.has(r));
  for (const label of routes(after))
    expect(
      tokens.some((t) => label.includes(t)),
      label,
    ).toBe(false);
  expect(
    grown.every((r) => /^\/(api|media|assets|_site)\//.test(r)),
    grown.join(', '),
  ).toBe(true);
  expect(grown.length).toBeLessThan(15);
  console.log(`metrics: ${routes(after).size} route labels after 10,000 random paths (${grown.join(', ')})`);
  for (const s of requests(after)) {
    expect(['GET', 'HEAD']).toContain(s.labels['method']);
    expect(s.labels['status']).toMatch(/^[2345]xx$/);
  }
}, 120_000);
