import type { IncomingMessage, ServerResponse } from 'node:http';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { routeOf } from './route-label.ts';
import { scrapedMetrics, type MetricSources } from './scraped.ts';
import { failureCode, type StoreCallObserver } from './store-calls.ts';
import { VitalsEndpoint } from './vitals.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The server's Prometheus metrics, in a registry of its own (never prom-client's global one):
 * requests by method, status class and route pattern (bounded: server/ops/route-label.ts), media
 * store calls, the data cache, Drive's breaker, the thumbnail and video queues, the consultation
 * outbox, the manifest served, the process, and visitors' Web Vitals (server/ops/vitals.ts).
 */
export class SiteMetrics {
  readonly registry = new Registry();
  readonly #requests: Counter<'method' | 'route' | 'status'>;
  readonly #latency: Histogram<'method' | 'route' | 'status'>;
  readonly #storeCalls: Histogram<'kind'>;
  readonly #storeFailures: Counter<'kind' | 'code'>;
  /** Where visitors' pages post their Web Vitals. */
  readonly vitals: VitalsEndpoint;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    const labelNames = ['method', 'route', 'status'] as const;
    this.#requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by method, status class and route pattern.',
      labelNames,
      registers,
    });
    this.#latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to the end of the answer, by method, status class and route pattern.',
      labelNames,
      registers,
    });
    this.#storeCalls = new Histogram({
      name: 'media_store_call_duration_seconds',
      help: 'Media store calls (whatever their outcome) and their time, by kind.',
      labelNames: ['kind'],
      registers,
    });
    this.#storeFailures = new Counter({
      name: 'media_store_failures_total',
      help: 'Media store calls that failed, by kind and code (not-found, upstream, quota, invalid, other).',
      labelNames: ['kind', 'code'],
      registers,
    });
    scrapedMetrics(this.registry, sources);
    this.vitals = new VitalsEndpoint(this.registry, sources.catalogue);
  }

  /** Counts one request once it is answered (or its client went away: status `aborted`). */
  time(req: IncomingMessage, res: ServerResponse): void {
    const started = performance.now();
    res.once('close', () => {
      const method = req.method && METHODS.has(req.method) ? req.method : 'other';
      const status = res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted';
      const labels = { method, route: routeOf(req, res), status };
      this.#requests.inc(labels);
      this.#latency.observe(labels, (performance.now() - started) / 1000);
    });
  }

  /** For `observeStore`. */
  readonly storeCall: StoreCallObserver = (kind, seconds, error) => {
    this.#storeCalls.observe({ kind }, seconds);
    if (error !== undefined) this.#storeFailures.inc({ kind, code: failureCode(error) });
  };
}
