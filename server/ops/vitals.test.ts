import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPattern, siteIn } from '../../engine/index.ts';
import { isGalleryKind } from '../../engine/kinds.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { VITALS_ENTRY, VITALS_PATH } from '../../engine/shared/vitals.ts';
import { samplesOf, type Sample } from '../../testing/prometheus.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { errorText } from '../errors.ts';

/**
 * Visitors' Web Vitals over real HTTP, to the server as it runs (METRICS_PORT set): a page names its route
 * pattern and the sample rate for the reporter; a valid report lands in each metric's histogram under its
 * route pattern, language and device class; malformed, oversized, out-of-range and unknown-route reports
 * are 400 and counted, and add no label value (10,000 random routes add none); Global Privacy Control and
 * robots are dropped unread; past the rate limit, 429.
 */

const loaded = loadCatalogue();
if (!loaded.ok) throw new Error('the repository manifest is invalid');
const catalogue = loaded.catalogue;
const spanish = siteIn(catalogue, 'es');
const home = catalogue.pages.find((p) => p.kind === 'home')!;
const gallery = spanish.pages.find((p) => isGalleryKind(p.kind) && !isPattern(p.path))!;
const REPORTER = 'assets/reporter-test.js';

let dir = '';
let site: SiteProcess;
beforeAll(async () => {
  dir = await siteFolder();
  const manifest = { [VITALS_ENTRY]: { file: REPORTER, isEntry: true } };
  await writeFile(join(dir, 'dist', 'client', '.vite', 'manifest.json'), JSON.stringify(manifest));
  site = await startSiteProcess(dir, { DRAIN_SECONDS: '0', METRICS_PORT: '0', WEB_VITALS_SAMPLE_RATE: '0.25' });
}, 60_000);
afterAll(async () => {
  await site?.stop('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** The Web Vitals samples of a scrape. */
const scrape = async (): Promise<Sample[]> =>
  samplesOf(await (await fetch(site.metricsUrl!)).text()).filter((s) => s.name.startsWith('web_vitals'));
const value = (samples: Sample[], name: string, labels: Record<string, string>): number =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
const outcome = (samples: Sample[], o: string) => value(samples, 'web_vitals_reports_total', { outcome: o });
/** Every label value any histogram holds: a refused report must add none. */
const labelValues = (samples: Sample[]): Set<string> =>
  new Set(
    samples
      .filter((s) => s.name !== 'web_vitals_reports_total')
      .flatMap((s) => Object.entries(s.labels).filter(([k]) => k !== 'le'))
      .map(([k, v]) => `${k}=${v}`),
  );

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${site.base}${VITALS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const valid = { route: home.path, language: 'en', width: 390, metrics: { LCP: 1800, INP: 120, CLS: 0.02, TTFB: 300 } };

it('names the route pattern, the reporter and the sample rate in a visitor page', async () => {
  const html = await (await fetch(`${site.base}${gallery.path}`)).text();
  expect(html).toContain(`<meta name="vitals" content="${gallery.path}" data-src="/${REPORTER}" data-rate="0.25">`);
  const missing = await (await fetch(`${site.base}/no-such-page`)).text();
  expect(missing).not.toContain('name="vitals"');
});

it('counts a valid report in each metric histogram by route pattern, language and device', async () => {
  const before = await scrape();
  expect((await post(valid)).status).toBe(204);
  const desktop = { ...valid, route: gallery.path, language: 'es', width: 1280, metrics: { INP: 650 } };
  expect((await post(desktop)).status).toBe(204);
  const after = await scrape();
  const phone = { route: home.path, kind: 'home', language: 'en', device: 'phone' };
  const grew = (name: string, labels: Record<string, string>) =>
    value(after, name, labels) - value(before, name, labels);
  expect(grew('web_vitals_lcp_seconds_count', phone)).toBe(1);
  expect(grew('web_vitals_lcp_seconds_sum', phone)).toBeCloseTo(1.8);
  expect(grew('web_vitals_lcp_seconds_bucket', { ...phone, le: '2' })).toBe(1);
  expect(grew('web_vitals_lcp_seconds_bucket', { ...phone, le: '1.5' })).toBe(0);
  expect(grew('web_vitals_inp_seconds_sum', phone)).toBeCloseTo(0.12);
  expect(grew('web_vitals_cls_sum', phone)).toBeCloseTo(0.02);
  expect(grew('web_vitals_ttfb_seconds_count', phone)).toBe(1);
  const es = { route: gallery.path, kind: gallery.kind, language: 'es', device: 'desktop' };
  expect(grew('web_vitals_inp_seconds_bucket', { ...es, le: '0.75' })).toBe(1);
  expect(grew('web_vitals_inp_seconds_bucket', { ...es, le: '0.5' })).toBe(0);
  expect(grew('web_vitals_lcp_seconds_count', es)).toBe(0);
  expect(outcome(after, 'recorded') - outcome(before, 'recorded')).toBe(2);
});

describe('refused reports: 400, counted, no label value added', () => {
  const refused: [string, string | object, string][] = [
    ['not JSON', '{"route":', 'shape'],
    ['a list', '[1]', 'shape'],
    ['an unknown key', { ...valid, user: 'ann' }, 'shape'],
    ['an unknown metric', { ...valid, metrics: { FID: 10 } }, 'shape'],
    ['no metric', { ...valid, metrics: {} }, 'shape'],
    ['a metric as text', { ...valid, metrics: { LCP: '1800' } }, 'shape'],
    ['a negative value', { ...valid, metrics: { CLS: -0.1 } }, 'range'],
    ['an hour-long LCP', { ...valid, metrics: { LCP: 3_600_000 } }, 'range'],
    ['a fractional width', { ...valid, width: 390.5 }, 'range'],
    ['an unknown route', { ...valid, route: '/no-such-page' }, 'route'],
    ['an unpublished language', { ...valid, language: 'fr' }, 'route'],
    ['a route of another language', { ...valid, route: gallery.path, language: 'en' }, 'route'],
    ['an oversized body', { ...valid, route: `/${'x'.repeat(2000)}` }, 'size'],
  ];
  it.each(refused)('%s', async (_what, body, why) => {
    const before = await scrape();
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^This Web Vitals report was not counted: /);
    const after = await scrape();
    expect(outcome(after, why) - outcome(before, why)).toBe(1);
    expect(labelValues(after)).toEqual(labelValues(before));
  });

  it('10,000 random routes add no label value', async () => {
    const before = await scrape();
    let next = 0;
    const statuses = new Set<number>();
    const worker = async () => {
      while (next < 10_000) {
        const route = `/${(next++).toString(36)}-${Math.random().toString(36).slice(2)}`;
        statuses.add((await post({ ...valid, route })).status);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    expect([...statuses]).toEqual([400]);
    const after = await scrape();
    expect(outcome(after, 'route') - outcome(before, 'route')).toBe(10_000);
    expect(labelValues(after)).toEqual(labelValues(before));
  }, 60_000);
});

it('drops reports of a browser with Global Privacy Control, and of robots, unread', async () => {
  const before = await scrape();
  expect((await post(valid, { 'sec-gpc': '1' })).status).toBe(204);
  const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  expect((await post(valid, { 'user-agent': bot })).status).toBe(204);
  const after = await scrape();
  expect(outcome(after, 'gpc') - outcome(before, 'gpc')).toBe(1);
  expect(outcome(after, 'bot') - outcome(before, 'bot')).toBe(1);
  expect(outcome(after, 'recorded')).toBe(outcome(before, 'recorded'));
  const phone = { route: home.path, language: 'en', device: 'phone' };
  expect(value(after, 'web_vitals_lcp_seconds_count', phone)).toBe(
    value(before, 'web_vitals_lcp_seconds_count', phone),
  );
});

it('refuses reports past the rate limit with 429, counted', async () => {
  const before = await scrape();
  const answers = await Promise.all(Array.from({ length: 300 }, () => post(valid)));
  const limited = answers.filter((r) => r.status === 429);
  expect(limited.length).toBeGreaterThan(0);
  expect(((await limited[0]!.json()) as { error: string }).error).toBe(errorText('TooManyVitals'));
  const after = await scrape();
  expect(outcome(after, 'rate') - outcome(before, 'rate')).toBe(limited.length);
  expect(outcome(after, 'recorded') - outcome(before, 'recorded')).toBe(300 - limited.length);
});
