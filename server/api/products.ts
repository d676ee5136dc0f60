import { Router } from 'express';
import { DATA_KEYS } from '../../engine/shared/keys.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { fetchData, type SiteData } from '../data/fetchers.ts';
import { sendError } from '../errors.ts';

const FILTERS = ['category', 'subcategory', 'type'] as const;

/** `GET /api/products` (all), filtered by `?category=`, `?subcategory=`, `?type=` when given. */
export function productsRouter(data: SiteData): Router {
  const router = Router();
  router.get(DATA_KEYS.products.path, async (req, res) => {
    const wanted: [string, string][] = [];
    for (const key of FILTERS) {
      const value = req.query[key];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.length > 100) {
        sendError(res, 'InvalidFilter', { key });
        return;
      }
      wanted.push([key, value]);
    }
    const products = await fetchData(data, 'products');
    const matches = products.filter((p) =>
      wanted.every(([key, value]) => p[key as (typeof FILTERS)[number]] === value),
    );
    res.setHeader('Cache-Control', CACHE.products).json(matches);
  });
  return router;
}
