import { join } from 'node:path';
import type { RequestStore } from '../consultations/store.ts';
import type { Database } from '../db/database.ts';
import type { SiteHandler } from '../live/catalogue-holder.ts';
import type { LiveSite } from '../live/reload.ts';
import type { Logger } from '../log.ts';
import type { MediaStore } from '../media/types.ts';
import { catalogueCheck, databaseCheck, diskCheck, mediaStoreCheck, selectOne } from './checks.ts';
import { opsConfig, type OpsConfig } from './config.ts';
import { pagesCheck } from './pages-check.ts';
import { opsFront } from './front.ts';
import { startMetricsServer } from './metrics-server.ts';
import { SiteMetrics } from './metrics.ts';
import { Readiness } from './readiness.ts';
import type { MetricSources } from './scraped.ts';
import { observeStore, StoreCalls } from './store-calls.ts';

/** What the checks and metrics look at. */
export interface OpsParts extends Pick<MetricSources, 'cache' | 'thumbs' | 'videos' | 'manifestVersion'> {
  readonly site: Pick<LiveSite, 'holder' | 'problems'>;
  /** The media store as `watchedStore` gave it, with its calls. */
  readonly store: Pick<MediaStore, 'kind' | 'upstream'>;
  readonly calls: StoreCalls;
  readonly database: Database;
  /** The consultation requests, once the site takes them. */
  readonly requests: () => Pick<RequestStore, 'counts'> | undefined;
  /** This server's own address (`http://127.0.0.1:<port>`) once it listens: readiness asks it for pages. */
  readonly origin: () => string | undefined;
  /** This server's name (SERVER_NAME): the `server` label of every metric, one value per process. */
  readonly name: string;
}

/** What running for real adds to the server: readiness, draining, metrics. */
export interface Ops {
  /** The request listener to listen with: `/healthz`, `/readyz` and the metrics in front of `site`. */
  front(site: SiteHandler): SiteHandler;
  /** Where Prometheus scrapes, when METRICS_PORT is set. */
  readonly metricsUrl?: string;
  /** Not ready from now on (/readyz 503); resolves once DRAIN_SECONDS have passed, the site serving meanwhile. */
  drain(): Promise<void>;
  /** Stops the metrics port. */
  close(): Promise<void>;
}

/** The media store, each of its calls seen by /readyz and the metrics (through `calls`). */
export function watchedStore<S extends MediaStore>(store: S): { store: S; calls: StoreCalls } {
  const calls = new StoreCalls();
  return { store: observeStore(store, calls.observe), calls };
}

/**
 * Readiness (catalogue, its pages, database, media store, disk), draining and, with METRICS_PORT, the metrics
 * port, configured from the environment (server/ops/config.ts).
 */
export async function startOps(env: NodeJS.ProcessEnv, dataDir: string, logger: Logger, parts: OpsParts): Promise<Ops> {
  const config = opsConfig(env);
  const { site } = parts;
  const served = () => ({ catalogue: site.holder.current?.catalogue, problems: site.problems });
  const readiness = new Readiness({
    catalogue: catalogueCheck(served),
    pages: pagesCheck(() => site.holder.current, parts.origin),
    database: databaseCheck(selectOne(parts.database), logger),
    mediaStore: mediaStoreCheck(parts.store, parts.calls),
    disk: diskCheck(join(dataDir, 'cache'), config.diskFloorMb),
  });
  const drain = draining(readiness, config);
  if (config.metricsPort === undefined)
    return { front: (handler) => opsFront(readiness, undefined, handler), drain, close: async () => {} };
  const metrics = new SiteMetrics({
    ...parts,
    catalogue: () => served().catalogue,
    outboxDepth: async () => {
      const requests = parts.requests();
      return requests && (await requests.counts()).unsent;
    },
  });
  metrics.registry.setDefaultLabels({ server: parts.name });
  parts.calls.tap(metrics.storeCall);
  const server = await startMetricsServer(metrics.registry, config.metricsPort, config.metricsHost);
  logger.info({ url: server.url }, `Metrics at ${server.url}`);
  return {
    front: (handler) => opsFront(readiness, metrics, handler),
    metricsUrl: server.url,
    drain,
    close: server.close,
  };
}

const draining = (readiness: Readiness, config: OpsConfig) => (): Promise<void> => {
  readiness.drain();
  return new Promise((done) => setTimeout(done, config.drainSeconds * 1000));
};
