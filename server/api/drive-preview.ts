import { Router } from 'express';
import type { ApiFolderPreview } from '../../engine/shared/api.ts';
import type { LiveSiteData } from '../data.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';

/** `GET /api/drive-preview/:folderId`: `{ previewUrl }` of the folder's first image (or video poster). */
export function drivePreviewRouter(data: LiveSiteData): Router {
  const router = Router();
  router.get('/api/drive-preview/:folderId', validateIds('folderId'), async (req, res) => {
    const body: ApiFolderPreview = await data.folderPreview(req.params.folderId as string);
    res.setHeader('Cache-Control', CACHE.listing).json(body);
  });
  return router;
}
