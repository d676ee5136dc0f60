import { Router } from 'express';
import type { LiveSiteData } from '../data.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';

/** `GET /api/drive-images-aggregated/:type`: the combined items of the manifest's aggregate `type`. */
export function aggregatedRouter(data: LiveSiteData): Router {
  const router = Router();
  router.get('/api/drive-images-aggregated/:type', validateIds('type'), async (req, res) => {
    const items = await data.aggregatedItems(req.params.type as string);
    res.setHeader('Cache-Control', CACHE.listing).json(items);
  });
  return router;
}
