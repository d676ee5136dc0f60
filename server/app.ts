import { join } from 'node:path';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import type { HelmetOptions } from 'helmet';
import type { Catalogue } from '../engine/index.ts';
import { dataRouter } from './api/data.ts';
import { mediaItemRouter } from './api/media-item.ts';
import { productsRouter } from './api/products.ts';
import { refreshRouter } from './api/refresh.ts';
import { DEFAULTS, type ServerConfig } from './config.ts';
import type { LiveSiteData } from './data/site-data.ts';
import type { Logger } from './log.ts';
import { filesRouter } from './media-routes/files.ts';
import { imagesRouter } from './media-routes/images.ts';
import { thumbsRouter } from './media-routes/thumbs.ts';
import { ImageRefs } from './imaging/images.ts';
import { apiNotFound, jsonErrors } from './middleware/errors.ts';
import { requestLog } from './middleware/request-log.ts';
import { requestDeadline } from './resilience/deadline.ts';
import { securityHeaders } from './middleware/security.ts';
import { favicon } from './middleware/favicon.ts';
import { assetsStatic, defaultsStatic, pendingDefaults } from './middleware/static.ts';
import { createRenderRouter } from './render/index.ts';
import { ThumbCache } from './imaging/thumbs.ts';
import type { VideoConversions } from './video/conversions.ts';
import type { CountsFactory } from './db/rate-counts.ts';
import { videosRouter } from './video/route.ts';

export interface AppDeps {
  /** `trustProxy` defaults to none: X-Forwarded-For is believed only from the proxies it names. */
  readonly config: Pick<ServerConfig, 'dataDir'> &
    Partial<Pick<ServerConfig, 'trustProxy' | 'thumbCacheMb' | 'webVitalsSampleRate'>>;
  readonly catalogue: Catalogue;
  readonly data: LiveSiteData;
  readonly logger: Logger;
  /** Where the client build lives (`dist`); default `<cwd>/dist`. */
  readonly distDir?: string;
  /** Further routers (e.g. the staff tools), mounted after the public API and before page rendering. */
  readonly routers?: readonly RequestHandler[];
  /** Overrides of the security headers (e.g. a CSP with a nonce for rendered pages). */
  readonly helmet?: HelmetOptions;
  /** The thumbnail cache, when it outlives the app (a manifest reload builds a new app, keeps the cache). */
  readonly thumbs?: ThumbCache;
  /** How long one request may wait for the media store (default REQUEST_DEADLINE_MS). */
  readonly deadlineMs?: number;
  /** Phone and legacy videos made playable (`/media/video/...`) and poster frames for tiles. */
  readonly videos?: VideoConversions;
  /** Where rate limits count (the site database, shared by every server); default: this app's memory. */
  readonly counts?: CountsFactory;
  /** The bytes of a slot image kept in the site database (`/media/slot/<name>`), for its renditions. */
  readonly slotBytes?: (name: string) => Promise<Buffer | undefined>;
}

/** The thumbnail cache of a server: under `DATA_DIR/cache/thumbs`, bounded by `THUMB_CACHE_MB`. */
export const createThumbCache = (config: AppDeps['config']): ThumbCache =>
  new ThumbCache(join(config.dataDir, 'cache', 'thumbs'), {
    maxDiskBytes: (config.thumbCacheMb ?? DEFAULTS.thumbCacheMb) * 1024 * 1024,
  });

/** Builds the Express app from its dependencies. Listening is the caller's job (server/main.ts). */
export function createApp(deps: AppDeps): Express {
  const { config, catalogue, data, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.set('trust proxy', config.trustProxy ?? DEFAULTS.trustProxy);

  app.use(requestLog(logger));
  app.use(requestDeadline(deps.deadlineMs));
  app.use(securityHeaders(deps.helmet));

  // Media first and never rate-limited: a gallery of hundreds of tiles must not starve.
  const thumbs = deps.thumbs ?? createThumbCache(config);
  app.use(thumbsRouter(data, thumbs, deps.videos));
  const { slotBytes } = deps;
  const images = new ImageRefs({ dataDir: config.dataDir, fileSize: (id) => data.file(id), slotBytes });
  app.use(imagesRouter(config.dataDir, images, thumbs, slotBytes));
  app.use(filesRouter(data));
  if (deps.videos) app.use(videosRouter(deps.videos));
  app.use('/defaults', defaultsStatic(config.dataDir), pendingDefaults(catalogue));
  app.get('/favicon.ico', favicon());

  // JSON and HTML compress well; media is already compressed and must keep exact byte ranges.
  app.use(compression({ threshold: 1024 }));
  // Hashed client bundles: compressed (they are text) and cached for a year.
  const assets = assetsStatic(deps.distDir ?? join(process.cwd(), 'dist'));
  if (assets) app.use('/assets', assets);
  app.use(productsRouter(data));
  app.use(dataRouter(data));
  app.use(refreshRouter(data, { counts: deps.counts?.('refresh') }));
  app.use(mediaItemRouter(data));
  for (const router of deps.routers ?? []) app.use(router);
  app.use(['/api', '/media'], apiNotFound);

  const vitalsRate = config.webVitalsSampleRate;
  app.use(createRenderRouter({ data, catalogue, logger, distDir: deps.distDir, images, vitalsRate }));
  app.use(jsonErrors);
  return app;
}
