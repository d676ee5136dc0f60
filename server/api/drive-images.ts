import { Router } from 'express';
import type { LiveSiteData } from '../data.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';

/** `GET /api/drive-images/:folderId`: the media items of one folder of the catalogue. */
export function driveImagesRouter(data: LiveSiteData): Router {
  const router = Router();
  router.get('/api/drive-images/:folderId', validateIds('folderId'), async (req, res) => {
    const items = await data.folderItems(req.params.folderId as string);
    res.setHeader('Cache-Control', CACHE.listing).json(items);
  });
  return router;
}
