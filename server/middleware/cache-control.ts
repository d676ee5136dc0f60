import type { RequestHandler } from 'express';

/** Cache-Control values of the server, by what is served. */
export const CACHE = {
  /** Folder listings: CDN fresh 1 min, then served stale while revalidating; browsers always revalidate (ETag). */
  listing: 'public, max-age=0, s-maxage=60, stale-while-revalidate=120, stale-if-error=86400',
  /** Products come from the manifest and folder ids. */
  products: 'public, max-age=60, s-maxage=120, stale-while-revalidate=600',
  /** Slot images: visible on every instance within the 30 s freshness of the spec. */
  previewImages: 'public, max-age=0, s-maxage=10, stale-while-revalidate=20',
  /** Content-addressed URLs (thumbnails with a version, hashed assets). */
  immutable: 'public, max-age=31536000, immutable',
  /** Original files by id: may change, so revalidate after 5 min. */
  file: 'public, max-age=300, stale-while-revalidate=600',
  /** Built-in default images. */
  defaults: 'public, max-age=86400',
  none: 'no-store',
} as const;

/** Sets Cache-Control on the response (errors later replace it with `no-store`). */
export const cacheControl =
  (value: string): RequestHandler =>
  (_req, res, next) => {
    res.setHeader('Cache-Control', value);
    next();
  };
