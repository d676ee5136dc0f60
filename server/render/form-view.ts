import { randomUUID } from 'node:crypto';
import type { Response } from 'express';
import { FORM_TOKEN_SLOT, type FormAnswer } from '../../engine/shared/consultation.ts';
import type { ErrorAnswer } from '../errors.ts';
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

/**
 * A plain form post's answer (no script), to be shown in the site's own page: the page's path in the
 * visitor's language, the answer, and for a refused post its error (status and headers).
 */
export interface FormView {
  readonly page: string;
  readonly answer: FormAnswer;
  readonly error?: ErrorAnswer;
}

const FORM_VIEW = 'formView';

/**
 * Hands a plain post's answer on to the page router, which renders the page with it: call `next()`
 * after this. The form's router decides what to answer; the page router alone renders pages.
 */
export function showFormView(res: Response, view: FormView): void {
  res.locals[FORM_VIEW] = view;
}

/** The answer a form's router handed on, if any. */
export const formViewOf = (res: Response): FormView | undefined => res.locals[FORM_VIEW] as FormView | undefined;
