import { Router } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { REFRESH_PATHS } from '../../engine/shared/keys.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';
import { sendError } from '../errors.ts';

/** Refreshes one client address may ask for per minute, both routes together. */
export const REFRESHES_PER_MINUTE = 30;

/**
 * The galleries' Refresh button: `POST /api/refresh/:folderId` reloads that folder's listing from the
 * store and answers it (same shape as `GET /api/drive-images/:folderId`); `POST
 * /api/refresh-aggregated/:type` does the same for an aggregate. Concurrent refreshes share one
 * upstream call, a refresh soon after the last one answers that listing (see REFRESH_INTERVAL_MS),
 * and each client address has REFRESHES_PER_MINUTE (counted by every server together when `counts` is
 * the site database's); if the store fails, the last listing is answered.
 */
export function refreshRouter(data: LiveSiteData, options: { perMinute?: number; counts?: Store } = {}): Router {
  const router = Router();
  const limit = rateLimit({
    windowMs: 60_000,
    limit: options.perMinute ?? REFRESHES_PER_MINUTE,
    ...(options.counts ? { store: options.counts } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => sendError(res, 'TooManyRefreshes'),
  });
  router.post(REFRESH_PATHS.folder, limit, validateIds('folderId'), async (req, res) => {
    const items = await data.refresh(req.params.folderId as string);
    res.setHeader('Cache-Control', CACHE.none).json(items);
  });
  router.post(REFRESH_PATHS.aggregate, limit, validateIds('type'), async (req, res) => {
    const items = await data.refreshAggregated(req.params.type as string);
    res.setHeader('Cache-Control', CACHE.none).json(items);
  });
  return router;
}
