import type { NextFunction, Request, Response } from 'express';
import {
  formTokenOf,
  formValuesOf,
  isHoneypotFilled,
  SENT_SUFFIX,
  validateConsultation,
  type ConsultationErrors,
  type FormAnswer,
} from '../../engine/shared/consultation.ts';
import { answerError, errorAnswer, type ErrorAnswer } from '../errors.ts';
import type { Logger } from '../log.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { showFormView } from '../render/form-view.ts';
import { STAFF_REFERRER_POLICY } from '../staff/origin.ts';
import type { ConsultationSettings } from './settings.ts';
import type { RequestStore, StoredRequest } from './store.ts';

/** JSON answers of `POST /api/consultations`. */
export type ConsultationAnswer =
  | { readonly ok: true; readonly id: string; readonly message: string }
  | { readonly ok: false; readonly error: string; readonly errors?: ConsultationErrors };

export const isForm = (req: Request): boolean =>
  req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/** What a submit needs of the form router's options. */
export interface SubmitOptions {
  readonly store: RequestStore;
  readonly onStored?: (request: StoredRequest) => void;
  readonly logger?: Logger;
}

/**
 * A consultation request posted (plain form or JSON): honeypot, the shared rules, one committed
 * insert, then Post/Redirect/Get for a plain form (303 to the thank-you page) or 201 JSON; a refusal
 * answers in the request's language (`refuse`).
 */
export function submitHandler(
  options: SubmitOptions,
  values: (req: Request) => Record<string, unknown>,
  readIn: (req: Request) => ConsultationSettings,
) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const raw = values(req);
    const read = readIn(req);
    const texts = read.texts;
    const post = { req, res, next, read };
    const sent = formValuesOf(raw);
    if (isHoneypotFilled(raw)) {
      options.logger?.warn({ ip: req.ip }, 'consultation honeypot filled; refused');
      const spam = errorAnswer('ConsultationSpam', { spam: texts['spam'] ?? '' });
      refuse(post, spam, { values: { products: [] }, errors: {}, alert: 'spam' });
      return;
    }
    const result = validateConsultation(raw, read);
    if (!result.ok) {
      const invalid = errorAnswer('ConsultationInvalid', { errorTitle: texts['errorTitle'] ?? '' });
      refuse(post, invalid, { values: sent, errors: result.errors });
      return;
    }
    let stored: StoredRequest;
    try {
      stored = await options.store.add(result.value, read.language, formTokenOf(raw));
    } catch (err) {
      options.logger?.error({ err }, 'a consultation request could not be stored');
      const failed = errorAnswer('ConsultationNotStored', { failed: texts['failed'] ?? '' });
      refuse(post, failed, { values: sent, errors: {}, alert: 'failed' });
      return;
    }
    options.onStored?.(stored);
    res.setHeader('Cache-Control', CACHE.none).setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    // Post/Redirect/Get: a reload of the thank-you page asks for it again and sends nothing.
    if (isForm(req)) res.redirect(303, `${read.page.path}${SENT_SUFFIX}`);
    else
      res
        .status(201)
        .json({ ok: true, id: stored.id, message: texts['thankYouBody'] ?? '' } satisfies ConsultationAnswer);
  };
}

/** A post being answered: the request, its answer and the settings in its language. */
interface Post {
  readonly req: Request;
  readonly res: Response;
  readonly next: NextFunction;
  readonly read: ConsultationSettings;
}

/**
 * A refused request: `{ ok: false, error, errors? }` as JSON, or for a plain form post the page again
 * (rendered by the page router) with what was sent and the messages.
 */
export function refuse(
  { req, res, next, read }: Post,
  error: ErrorAnswer,
  answer: Extract<FormAnswer, { errors: unknown }>,
) {
  res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
  if (isForm(req)) {
    showFormView(res, { page: read.page.path, answer, error });
    // On to the page router, past this route's other handlers (the limiter's refusal must not reach submit).
    next('route');
    return;
  }
  const { errors } = answer;
  const withErrors = Object.keys(errors).length > 0 ? { errors } : {};
  answerError(res, error, {
    body: { json: (message: string): ConsultationAnswer => ({ ok: false, error: message, ...withErrors }) },
  });
}
