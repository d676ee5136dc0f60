import { keys } from '../../engine/shared/keys.ts';
import type { PagePayload } from '../../engine/shared/page.ts';
import { CACHE, CDN_CACHE } from '../middleware/cache-control.ts';
import { RETRY_AFTER_S } from '../middleware/errors.ts';

export interface PageAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * The status and cache headers of a rendered page, from its payload. A page whose data failed shows
 * its error texts: no shared cache may keep it (it would spread the error after the store is back).
 * When what failed is shown as an error (a gallery, the products) the page answers 503 with
 * Retry-After; when only the slot map failed (slots show their built-in images) it answers 200, but
 * uncacheable.
 */
export function pageAnswer(payload: Pick<PagePayload, 'status' | 'errors'>): PageAnswer {
  if (payload.status !== 200) return { status: payload.status, headers: { 'Cache-Control': CACHE.none } };
  if (payload.errors.length === 0)
    return { status: 200, headers: { 'Cache-Control': CACHE.html, 'CDN-Cache-Control': CDN_CACHE.html } };
  const shownAsError = payload.errors.some((key) => key !== keys.slotImages);
  if (!shownAsError) return { status: 200, headers: { 'Cache-Control': CACHE.none } };
  return { status: 503, headers: { 'Cache-Control': CACHE.none, 'Retry-After': String(RETRY_AFTER_S) } };
}
