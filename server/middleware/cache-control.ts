/** Cache-Control values of the server, by what is served. */
export const CACHE = {
  /** Folder listings: CDN fresh 1 min, then served stale while revalidating; browsers always revalidate (ETag). */
  listing: 'public, max-age=0, s-maxage=60, stale-while-revalidate=120, stale-if-error=86400',
  /** Products come from the manifest and folder ids. */
  products: 'public, max-age=60, s-maxage=120, stale-while-revalidate=600',
  /**
   * Slot images: browsers always revalidate (ETag), so a new upload shows on the next load; shared
   * caches get CDN_CACHE.slotImages.
   */
  slotImages: 'no-cache',
  /** Rendered pages: as the slot images (they show the slot images). */
  html: 'no-cache',
  /** Content-addressed URLs (thumbnails with a version, hashed assets). */
  immutable: 'public, max-age=31536000, immutable',
  /** Original files by id: may change, so revalidate after 5 min. */
  file: 'public, max-age=300, stale-while-revalidate=600',
  /** Built-in default images. */
  defaults: 'public, max-age=86400',
  none: 'no-store',
} as const;

/**
 * Targeted for CDNs only (`CDN-Cache-Control`, RFC 9213): short freshness and stale-while-revalidate
 * that browsers must not apply (a browser serving a stale page would hide a new slot image). Every
 * answer stays within the spec's 30 s preview-image freshness.
 */
export const CDN_CACHE = {
  slotImages: 'public, s-maxage=10, stale-while-revalidate=20',
  html: 'public, s-maxage=10, stale-while-revalidate=20',
} as const;
