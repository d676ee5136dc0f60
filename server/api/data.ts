import { Router } from 'express';
import { DATA_KEYS, paramOf } from '../../engine/shared/keys.ts';
import { CACHE, CDN_CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';
import { FETCHERS, type SiteData, type SiteDataName } from '../data/fetchers.ts';

/** The data keys the API serves as they are, each with its caching headers (products: filtered, its own router). */
const SERVED: { readonly [K in Exclude<SiteDataName, 'products' | 'folderLookup'>]: Readonly<Record<string, string>> } =
  {
    // Slot id (or product id) -> its slot image; slots without one are absent.
    slotImages: { 'Cache-Control': CACHE.slotImages, 'CDN-Cache-Control': CDN_CACHE.slotImages },
    // The media items of one folder of the catalogue.
    folder: { 'Cache-Control': CACHE.listing },
    // The combined items of the manifest's aggregate `type`.
    aggregate: { 'Cache-Control': CACHE.listing },
    // `{ previewUrl }` of the folder's first image (or video poster).
    folderPreview: { 'Cache-Control': CACHE.listing },
  };

/**
 * `GET` of each served data key's API path (engine/shared/keys.ts): its value as FETCHERS fetches it,
 * the same the page payload puts in a page. A path's `:param` must be a well-formed public id.
 */
export function dataRouter(data: SiteData): Router {
  const router = Router();
  for (const name of Object.keys(SERVED) as (keyof typeof SERVED)[]) {
    const param = paramOf(name);
    router.get(DATA_KEYS[name].path, validateIds(...(param ? [param] : [])), async (req, res) => {
      const value = await FETCHERS[name](data, param ? (req.params[param] as string) : '');
      res.set(SERVED[name]).json(value);
    });
  }
  return router;
}
