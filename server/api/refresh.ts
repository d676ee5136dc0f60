import { Router } from 'express';
import type { LiveSiteData } from '../data.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';

/**
 * The galleries' Refresh button: `POST /api/refresh/:folderId` reloads that folder's listing from the
 * store and answers it (same shape as `GET /api/drive-images/:folderId`); `POST
 * /api/refresh-aggregated/:type` does the same for an aggregate. Concurrent refreshes share one
 * upstream call; if the store fails, the last listing is answered.
 */
export function refreshRouter(data: LiveSiteData): Router {
  const router = Router();
  router.post('/api/refresh/:folderId', validateIds('folderId'), async (req, res) => {
    const items = await data.refresh(req.params.folderId as string);
    res.setHeader('Cache-Control', CACHE.none).json(items);
  });
  router.post('/api/refresh-aggregated/:type', validateIds('type'), async (req, res) => {
    const items = await data.refreshAggregated(req.params.type as string);
    res.setHeader('Cache-Control', CACHE.none).json(items);
  });
  return router;
}
