import { keys } from '../../engine/shared/keys.ts';
import type { PagePayload } from '../../engine/shared/page.ts';
import { errorAnswer, type ErrorAnswer } from '../errors.ts';
import { CACHE, CDN_CACHE } from '../middleware/cache-control.ts';

/** A rendered page's answer: 200 with its cache headers, or the catalogue's error answer (the page is its body). */
export type PageAnswer = { readonly headers: Readonly<Record<string, string>> } | { readonly error: ErrorAnswer };

/**
 * The answer of a rendered page, from its payload. An unknown path (the not-found page) is `NoPage`.
 * A page whose data failed shows its error texts: no shared cache may keep it (it would spread the
 * error after the store is back). When what failed is shown as an error (a gallery, the products)
 * the page answers `PageDataFailed` (503 with Retry-After); when only the slot map failed (slots show
 * their built-in images) it answers 200, but uncacheable.
 */
export function pageAnswer(payload: Pick<PagePayload, 'status' | 'errors'>): PageAnswer {
  if (payload.status !== 200) return { error: errorAnswer('NoPage') };
  if (payload.errors.length === 0)
    return { headers: { 'Cache-Control': CACHE.html, 'CDN-Cache-Control': CDN_CACHE.html } };
  const shownAsError = payload.errors.some((key) => key !== keys.slotImages);
  if (!shownAsError) return { headers: { 'Cache-Control': CACHE.none } };
  return { error: errorAnswer('PageDataFailed') };
}
