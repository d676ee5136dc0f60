import { randomUUID } from 'node:crypto';
import { FORM_TOKEN_SLOT } from '../../engine/shared/consultation.ts';
import { CACHE } from '../middleware/cache-control.ts';

/**
 * A page that holds a form (its token field renders `FORM_TOKEN_SLOT`) is one view: each answer gets
 * a new token, and no cache, shared or private, may keep it and hand one view's token to another.
 * Any other page passes as it is.
 */
export function perView(
  html: string,
  headers: Readonly<Record<string, string>>,
): { readonly html: string; readonly headers: Readonly<Record<string, string>> } {
  if (!html.includes(FORM_TOKEN_SLOT)) return { html, headers };
  return { html: html.replaceAll(FORM_TOKEN_SLOT, randomUUID()), headers: { 'Cache-Control': CACHE.none } };
}
