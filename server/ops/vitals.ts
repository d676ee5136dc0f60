import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';
import { isCatchAll, publishedLanguages, siteIn, type Catalogue } from '../../engine/index.ts';
import { isGalleryKind, isVisitorKind } from '../../engine/kinds.ts';
import {
  deviceOf,
  KNOWN_BOTS,
  MAX_REPORT_BYTES,
  VITAL_NAMES,
  VITALS_RANGES,
  type VitalName,
  type VitalsReport,
} from '../../engine/shared/vitals.ts';
import { answerError, errorAnswer } from '../errors.ts';
import { photoRoute } from './route-label.ts';

/**
 * Real visitors' Web Vitals (engine/shared/vitals.ts): each report checked, then counted in a histogram
 * per metric by route pattern (and its page kind), language and device class. Every label value is one the
 * served catalogue names (its visitor pages' patterns and kinds, its published languages) or one of two devices, so no report
 * adds a label value of its own. Nothing of the sender is read: no cookie, no address, no user agent
 * beyond asking whether it is a known robot.
 */

/** Buckets around each metric's "good" and "poor" thresholds (web.dev): LCP 2.5/4 s, INP 0.2/0.5 s, CLS 0.1/0.25, TTFB 0.8/1.8 s. */
export const VITALS_BUCKETS: Readonly<Record<VitalName, readonly number[]>> = {
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10],
  INP: [0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1, 2],
  CLS: [0.01, 0.05, 0.1, 0.15, 0.2, 0.25, 0.5, 1],
  TTFB: [0.1, 0.2, 0.4, 0.6, 0.8, 1.2, 1.8, 2.5, 4],
};

/** The Prometheus name of a metric's histogram: seconds for times, CLS as it is. */
export const histogramName = (name: VitalName): string =>
  name === 'CLS' ? 'web_vitals_cls' : `web_vitals_${name.toLowerCase()}_seconds`;

/** Why a report was not counted: the `outcome` label of `web_vitals_reports_total` besides `recorded`. */
export type Refusal = 'size' | 'shape' | 'range' | 'route' | 'rate';
type Outcome = 'recorded' | 'gpc' | 'bot' | Refusal;

const WHY: Readonly<Record<Exclude<Refusal, 'rate'>, string>> = {
  size: `its body is over ${MAX_REPORT_BYTES} bytes`,
  shape: 'it is not a JSON object of route, language, width and one to four known metrics',
  range: 'a value is out of its range',
  route: 'its route and language are not a page of this site',
};

/** How many reports a server counts: `perSecond` on average, `burst` at once. */
export interface VitalsLimits {
  readonly perSecond: number;
  readonly burst: number;
}
export const VITALS_LIMITS: VitalsLimits = { perSecond: 50, burst: 200 };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const hasOnly = (o: Record<string, unknown>, keys: readonly string[]): boolean =>
  Object.keys(o).every((k) => keys.includes(k));

/** Pure: the report a body holds, or why it is refused (size, shape, range; routes are checked apart). */
export function parseReport(body: string): VitalsReport | Refusal {
  if (Buffer.byteLength(body) > MAX_REPORT_BYTES) return 'size';
  let report: unknown;
  try {
    report = JSON.parse(body);
  } catch {
    return 'shape';
  }
  if (!isObject(report) || !hasOnly(report, ['route', 'language', 'width', 'metrics'])) return 'shape';
  const { route, language, width, metrics } = report;
  if (typeof route !== 'string' || typeof language !== 'string' || typeof width !== 'number') return 'shape';
  if (!isObject(metrics) || !hasOnly(metrics, VITAL_NAMES) || Object.keys(metrics).length === 0) return 'shape';
  if (!Number.isInteger(width) || width < 1 || width > 10_000) return 'range';
  for (const [name, value] of Object.entries(metrics)) {
    if (typeof value !== 'number') return 'shape';
    if (!Number.isFinite(value) || value < 0 || value > VITALS_RANGES[name as VitalName]) return 'range';
  }
  return { route, language, width, metrics: metrics as VitalsReport['metrics'] };
}

/** Route pattern -> page kind (a photo page's kind is `photo`), per published language. */
type Routes = ReadonlyMap<string, ReadonlyMap<string, string>>;
const known = new WeakMap<Catalogue, Routes>();

/** The route patterns of each published language's visitor pages (a gallery's photo pages too), made once per catalogue. */
export function reportedRoutes(catalogue: Catalogue): Routes {
  const hit = known.get(catalogue);
  if (hit) return hit;
  const routes = new Map<string, Map<string, string>>();
  for (const language of publishedLanguages(catalogue)) {
    const patterns = new Map<string, string>();
    for (const page of siteIn(catalogue, language).pages) {
      if (!isVisitorKind(page.kind) || isCatchAll(page.path)) continue;
      patterns.set(page.path, page.kind);
      if (isGalleryKind(page.kind)) patterns.set(photoRoute(page.path), PHOTO_KIND);
    }
    routes.set(language, patterns);
  }
  known.set(catalogue, routes);
  return routes;
}

/** The `kind` label of a gallery's photo pages (a page of their own, not the gallery's kind). */
export const PHOTO_KIND = 'photo';

/** A token bucket: `take()` is false once more than the limits allow have come. */
class Bucket {
  #tokens: number;
  #at = performance.now();
  constructor(private readonly limits: VitalsLimits) {
    this.#tokens = limits.burst;
  }
  take(): boolean {
    const now = performance.now();
    this.#tokens = Math.min(this.limits.burst, this.#tokens + ((now - this.#at) / 1000) * this.limits.perSecond);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}

/** Reads a request's body, at most `most` bytes (more: undefined, the rest left unread). */
function readBody(req: IncomingMessage, most: number): Promise<string | undefined> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > most) {
        req.removeAllListeners('data');
        req.resume();
        done(undefined);
      } else chunks.push(chunk);
    });
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

/** The reports endpoint and its metrics, in the server's registry (server/ops/metrics.ts). */
export class VitalsEndpoint {
  readonly #histograms: Record<VitalName, Histogram<'route' | 'kind' | 'language' | 'device'>>;
  readonly #reports: Counter<'outcome'>;
  readonly #bucket: Bucket;

  constructor(
    registry: Registry,
    private readonly catalogue: () => Catalogue | undefined,
    limits: VitalsLimits = VITALS_LIMITS,
  ) {
    const registers = [registry];
    const labelNames = ['route', 'kind', 'language', 'device'] as const;
    const histogram = (name: VitalName) =>
      new Histogram({
        name: histogramName(name),
        help: `Visitors' ${name} (Web Vitals), by route pattern, page kind, language and device class (phone below 640 px).`,
        labelNames,
        buckets: [...VITALS_BUCKETS[name]],
        registers,
      });
    this.#histograms = { LCP: histogram('LCP'), INP: histogram('INP'), CLS: histogram('CLS'), TTFB: histogram('TTFB') };
    this.#reports = new Counter({
      name: 'web_vitals_reports_total',
      help: 'Web Vitals reports, by outcome: recorded, gpc or bot (dropped unread), size, shape, range, route, rate (refused).',
      labelNames: ['outcome'],
      registers,
    });
    this.#bucket = new Bucket(limits);
  }

  /** Answers a POST of a report: 204 when counted or dropped, 400 or 429 when refused; each outcome counted. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The browser's Global Privacy Control, and robots: dropped before their body is read.
    if (req.headers['sec-gpc'] === '1') return this.#answer(res, 'gpc');
    if (KNOWN_BOTS.test(req.headers['user-agent'] ?? '')) return this.#answer(res, 'bot');
    const body = await readBody(req, MAX_REPORT_BYTES);
    const report = body === undefined ? 'size' : parseReport(body);
    if (typeof report === 'string') return this.#answer(res, report);
    const catalogue = this.catalogue();
    const kind = catalogue && reportedRoutes(catalogue).get(report.language)?.get(report.route);
    if (!kind) return this.#answer(res, 'route');
    if (!this.#bucket.take()) return this.#answer(res, 'rate');
    this.#record(report, kind);
    this.#answer(res, 'recorded');
  }

  #record({ route, language, width, metrics }: VitalsReport, kind: string): void {
    const labels = { route, kind, language, device: deviceOf(width) };
    for (const name of VITAL_NAMES) {
      const value = metrics[name];
      if (value !== undefined) this.#histograms[name].observe(labels, name === 'CLS' ? value : value / 1000);
    }
  }

  #answer(res: ServerResponse, outcome: Outcome): void {
    this.#reports.inc({ outcome });
    if (outcome === 'rate') answerError(res, errorAnswer('TooManyVitals'), { headers: { 'Retry-After': '1' } });
    else if (outcome === 'recorded' || outcome === 'gpc' || outcome === 'bot') {
      res.writeHead(204, { 'Cache-Control': 'no-store' });
      res.end();
    } else answerError(res, errorAnswer('VitalsRefused', { why: WHY[outcome] }));
  }
}
