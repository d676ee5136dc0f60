import { Counter, Gauge, type Registry } from 'prom-client';
import type { Catalogue } from '../../engine/index.ts';
import type { CacheStats } from '../data/cache.ts';
import type { ThumbCache } from '../imaging/thumbs.ts';
import type { MediaStore } from '../media/types.ts';
import type { VideoConversions } from '../video/conversions.ts';
import { manifestHash } from './manifest-hash.ts';

/** What the metrics read at scrape time: totals and queues the parts keep anyway. */
export interface MetricSources {
  /** The catalogue served now; undefined while no valid manifest has been read. */
  readonly catalogue: () => Catalogue | undefined;
  /** The manifest version it was built from (server/manifest/; 0 before the first). */
  readonly manifestVersion: () => number;
  readonly cache: { readonly stats: CacheStats };
  readonly store: Pick<MediaStore, 'upstream'>;
  readonly thumbs: Pick<ThumbCache, 'stats' | 'making'>;
  readonly videos?: Pick<VideoConversions, 'stats' | 'queued'>;
  /** Consultation requests whose mail is not sent yet; undefined when the site takes none. */
  readonly outboxDepth: () => Promise<number | undefined>;
}

type Totals = () => ReadonlyArray<readonly [Record<string, string>, number]>;

const BREAKER_STATES = ['closed', 'open', 'half-open'] as const;
/** A scrape waits this long for the database's count of the outbox. */
const OUTBOX_TIMEOUT_MS = 1000;

/** A counter following a total kept elsewhere, read at scrape time: nothing is added to the hot path. */
function follow(registry: Registry, name: string, help: string, totals: Totals): void {
  const seen = new Map<string, number>();
  const labelNames = Object.keys(totals()[0]?.[0] ?? {});
  new Counter({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      for (const [labels, total] of totals()) {
        const key = JSON.stringify(labels);
        const before = seen.get(key);
        if (before !== undefined && total <= before) continue;
        this.inc(labels, total - (before ?? 0));
        seen.set(key, total);
      }
    },
  });
}

/** A gauge set at scrape time. */
function gauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  collect: (g: Gauge) => void | Promise<void>,
): void {
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      return collect(this);
    },
  });
}

const within = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((done) => (timer = setTimeout(() => done(undefined), ms)));
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
};

/**
 * The metrics read when Prometheus scrapes: the data cache, Drive's breaker, the thumbnail and video
 * queues, the consultation outbox, the manifest served.
 */
export function scrapedMetrics(registry: Registry, sources: MetricSources): void {
  const { cache, thumbs, videos, store } = sources;
  follow(
    registry,
    'data_cache_reads_total',
    'Data cache reads: fresh hits, stale (revalidated behind), misses.',
    () => [
      [{ outcome: 'hit' }, cache.stats.hits],
      [{ outcome: 'stale' }, cache.stats.stale],
      [{ outcome: 'miss' }, cache.stats.misses],
    ],
  );
  follow(registry, 'data_cache_loads_total', 'Upstream loads of the data cache.', () => [[{}, cache.stats.loads]]);
  follow(registry, 'data_cache_stale_on_error_total', 'Stale values served because the upstream failed.', () => [
    [{}, cache.stats.staleOnError],
  ]);
  // Drive only: the local store has no breaker, and these have no samples then.
  const up = store.upstream?.();
  if (up) {
    gauge(registry, 'media_breaker_state', "Drive's breaker: 1 for its state now.", ['state'], (g) => {
      const now = store.upstream?.().breaker;
      for (const state of BREAKER_STATES) g.set({ state }, now === state ? 1 : 0);
    });
    const stats = () => store.upstream?.().stats ?? up.stats;
    follow(registry, 'media_breaker_events_total', "Drive's breaker: times opened, calls refused, probes.", () => [
      [{ event: 'opened' }, stats().opened],
      [{ event: 'refused' }, stats().refused],
      [{ event: 'probe' }, stats().probes],
    ]);
  }
  gauge(registry, 'thumbnail_queue_length', 'Thumbnails being made (waiting or resizing).', [], (g) =>
    g.set(thumbs.making),
  );
  follow(registry, 'thumbnail_renders_total', 'Thumbnails made, by outcome (made, failed).', () => [
    [{ outcome: 'made' }, thumbs.stats.made],
    [{ outcome: 'failed' }, thumbs.stats.failed],
  ]);
  follow(registry, 'thumbnail_render_seconds_total', 'Seconds thumbnails took, from asked to made.', () => [
    [{}, thumbs.stats.seconds],
  ]);
  if (videos) {
    gauge(registry, 'video_conversion_queue_length', 'Video conversions queued or running.', [], (g) =>
      g.set(videos.queued),
    );
    follow(registry, 'video_conversions_total', 'Video conversions ended, by outcome (done, failed).', () => [
      [{ outcome: 'done' }, videos.stats.done],
      [{ outcome: 'failed' }, videos.stats.failed],
    ]);
    follow(registry, 'video_conversion_seconds_total', 'Seconds video conversions took, waiting included.', () => [
      [{}, videos.stats.seconds],
    ]);
  }
  gauge(registry, 'consultation_outbox_depth', 'Consultation requests whose mail is not sent yet.', [], async (g) => {
    g.reset();
    const depth = await within(sources.outboxDepth(), OUTBOX_TIMEOUT_MS);
    if (depth !== undefined) g.set(depth);
  });
  const info = 'The manifest served: 1, labelled with its version number and content hash.';
  gauge(registry, 'site_manifest_info', info, ['version', 'hash'], (g) => {
    g.reset();
    const catalogue = sources.catalogue();
    if (catalogue) g.set({ version: String(sources.manifestVersion()), hash: manifestHash(catalogue) }, 1);
  });
}
