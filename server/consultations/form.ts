import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import {
  CONSULTATION_API,
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
import { sameOriginOnly, STAFF_REFERRER_POLICY } from '../staff/origin.ts';
import { showFormView } from '../render/form-view.ts';
import { requestLanguage } from './language.ts';
import { requestLanguages, settingsIn, type ConsultationSettings } from './settings.ts';
import type { RequestStore, StoredRequest } from './store.ts';
import { CACHE } from '../middleware/cache-control.ts';

export interface FormOptions {
  readonly settings: ConsultationSettings;
  readonly store: RequestStore;
  /** Called after each stored request (the outbox sends it at once). */
  readonly onStored?: (request: StoredRequest) => void;
  /** Requests per client address and window before 429 (default 10 per hour). */
  readonly rateLimit?: number;
  /** Where those are counted (default: by this router alone, in memory; the server gives the site database). */
  readonly counts?: Store;
  readonly windowMs?: number;
  readonly logger?: Logger;
}

/** The largest body accepted: the longest valid request is about 3 KB. */
export const BODY_LIMIT = '16kb';

/** JSON answers of `POST /api/consultations`. */
export type ConsultationAnswer =
  | { readonly ok: true; readonly id: string; readonly message: string }
  | { readonly ok: false; readonly error: string; readonly errors?: ConsultationErrors };

const isForm = (req: Request): boolean =>
  req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/**
 * `POST <page path>` (the plain form: an HTML answer) and `POST /api/consultations` (JSON): same-origin
 * check, body limit, per-address rate limit, honeypot, the shared rules, then one committed insert.
 * Each request is checked and answered in its language (`requestLanguage`: the one its form was
 * read in), and stored with it. The GET of the page gets a Referrer-Policy that lets its form say
 * where it comes from.
 */
export function consultationFormRouter(options: FormOptions): Router {
  const { settings, store } = options;
  const router = Router();
  const values = (req: Request): Record<string, unknown> => (req.body ?? {}) as Record<string, unknown>;
  /** The request's language and the settings read in it. */
  const readIn = (req: Request): ConsultationSettings =>
    settingsIn(settings, requestLanguage(values(req), req.path, settings));

  const limiter = rateLimit({
    windowMs: options.windowMs ?? 60 * 60 * 1000,
    limit: options.rateLimit ?? 10,
    ...(options.counts ? { store: options.counts } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res, next) => {
      const read = readIn(req);
      const answer = errorAnswer('TooManyConsultations', { tooMany: read.texts['tooMany'] ?? '' });
      refuse({ req, res, next, read }, answer, { values: formValuesOf(values(req)), errors: {}, alert: 'tooMany' });
    },
  });
  const bodies = [express.urlencoded({ extended: false, limit: BODY_LIMIT }), express.json({ limit: BODY_LIMIT })];

  const submit = async (req: Request, res: Response, next: NextFunction): Promise<void> => {
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
      stored = await store.add(result.value, read.language, formTokenOf(raw));
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

  /** The thank-you page a stored plain form post is sent on to: it names no request and no person. */
  const sent = (req: Request, res: Response, next: NextFunction): void => {
    const read = settingsIn(settings, requestLanguage({}, req.path.slice(0, -SENT_SUFFIX.length), settings));
    showFormView(res, { page: read.page.path, answer: { sent: true } });
    next();
  };

  // The page's address in each language (one address where a language's page shares the default's).
  const paths = [...new Set(requestLanguages(settings).map((l) => settingsIn(settings, l).page.path))];
  router.get(
    paths.map((p) => `${p}${SENT_SUFFIX}`),
    sent,
  );
  router.get(paths, (_req, res, next) => {
    res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    next();
  });
  // Bodies are parsed before the limiter so that its 429 page gives the visitor's values back.
  router.post([...paths, CONSULTATION_API], sameOriginOnly, ...bodies, limiter, submit);
  return router;
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
function refuse({ req, res, next, read }: Post, error: ErrorAnswer, answer: Extract<FormAnswer, { errors: unknown }>) {
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
