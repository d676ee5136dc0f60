import { Router } from 'express';
import { CACHE, CDN_CACHE } from '../middleware/cache-control.ts';
import type { SiteData } from '../services.ts';

/** `GET /api/preview-images`: slot (or product) id -> uploaded image; slots without one are absent. */
export function slotImagesRouter(data: SiteData): Router {
  const router = Router();
  router.get('/api/preview-images', async (_req, res) => {
    res
      .setHeader('Cache-Control', CACHE.slotImages)
      .setHeader('CDN-Cache-Control', CDN_CACHE.slotImages)
      .json(await data.slotImages());
  });
  return router;
}
