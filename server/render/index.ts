import { Router } from 'express';
import type { Catalogue } from '../../engine/index.ts';
import type { SiteData } from '../services.ts';

/**
 * Placeholder until the site's server renderer lands: every non-API GET answers 404 JSON.
 * The site replaces this file with the real page renderer (same export, same deps).
 */
export function createRenderRouter(_deps: { data: SiteData; catalogue: Catalogue }): Router {
  const router = Router();
  router.get(/^(?!\/(api|media)\/).*/, (_req, res) => {
    res.status(404).json({ error: 'Pages are not rendered yet.' });
  });
  return router;
}
