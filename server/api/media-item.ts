import { Router } from 'express';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { DATA_KEYS } from '../../engine/shared/keys.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import { toMediaItem } from '../data/media-items.ts';
import { validateIds } from '../middleware/validate-id.ts';
import { CACHE } from '../middleware/cache-control.ts';

/**
 * `GET /api/media-item/:fileId`: one listed file as its gallery's listing shows it now (a video
 * being converted says so; once ready it points at its MP4). The open viewer asks this while it
 * shows a video that is being converted; never cached, since the answer changes when it is ready.
 */
export function mediaItemRouter(data: LiveSiteData): Router {
  const router = Router();
  router.get(DATA_KEYS.mediaItem.path, validateIds('fileId'), async (req, res) => {
    const file = await data.file(req.params.fileId as string);
    const [item] = data.decorate([toMediaItem(file)]);
    res.setHeader('Cache-Control', CACHE.none).json(item satisfies ApiMediaItem | undefined);
  });
  return router;
}
