import express, { Router, type Request, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import {
  CONSULTATION_API,
  formTokenOf,
  isHoneypotFilled,
  SENT_SUFFIX,
  validateConsultation,
  type ConsultationErrors,
} from '../../engine/shared/consultation.ts';
import { answerError, errorAnswer, type ErrorAnswer } from '../errors.ts';
import type { Logger } from '../log.ts';
import { sameOriginOnly, STAFF_REFERRER_POLICY } from '../staff/origin.ts';
import { formPageHtml, thankYouHtml } from './html.ts';
import { requestLanguage } from './language.ts';
import { requestLanguages, settingsIn, type ConsultationSettings } from './settings.ts';
import type { RequestStore, StoredRequest } from './store.ts';

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
    handler: (req, res) => {
      const read = readIn(req);
      refuse(req, res, errorAnswer('TooManyConsultations', { tooMany: read.texts['tooMany'] ?? '' }), () =>
        formPageHtml(read, values(req), {}, 'tooMany'),
      );
    },
  });
  const bodies = [express.urlencoded({ extended: false, limit: BODY_LIMIT }), express.json({ limit: BODY_LIMIT })];

  const submit = async (req: Request, res: Response): Promise<void> => {
    const raw = values(req);
    const read = readIn(req);
    const texts = read.texts;
    if (isHoneypotFilled(raw)) {
      options.logger?.warn({ ip: req.ip }, 'consultation honeypot filled; refused');
      refuse(req, res, errorAnswer('ConsultationSpam', { spam: texts['spam'] ?? '' }), () =>
        formPageHtml(read, {}, {}, 'spam'),
      );
      return;
    }
    const result = validateConsultation(raw, read);
    if (!result.ok) {
      const invalid = errorAnswer('ConsultationInvalid', { errorTitle: texts['errorTitle'] ?? '' });
      refuse(req, res, invalid, () => formPageHtml(read, raw, result.errors), result.errors);
      return;
    }
    let stored: StoredRequest;
    try {
      stored = await store.add(result.value, read.language, formTokenOf(raw));
    } catch (err) {
      options.logger?.error({ err }, 'a consultation request could not be stored');
      refuse(req, res, errorAnswer('ConsultationNotStored', { failed: texts['failed'] ?? '' }), () =>
        formPageHtml(read, raw, {}, 'failed'),
      );
      return;
    }
    options.onStored?.(stored);
    res.setHeader('Cache-Control', 'no-store').setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    // Post/Redirect/Get: a reload of the thank-you page asks for it again and sends nothing.
    if (isForm(req)) res.redirect(303, `${read.page.path}${SENT_SUFFIX}`);
    else
      res
        .status(201)
        .json({ ok: true, id: stored.id, message: texts['thankYouBody'] ?? '' } satisfies ConsultationAnswer);
  };

  /** The thank-you page a stored plain form post is sent on to: it names no request and no person. */
  const sent = (req: Request, res: Response): void => {
    const read = settingsIn(settings, requestLanguage({}, req.path.slice(0, -SENT_SUFFIX.length), settings));
    res.setHeader('Cache-Control', 'no-store').type('html').send(thankYouHtml(read));
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

/** A refused request: the form page again (a plain form post) or `{ ok: false, error, errors? }`. */
function refuse(req: Request, res: Response, answer: ErrorAnswer, html: () => string, errors?: ConsultationErrors) {
  res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
  const json = (error: string): ConsultationAnswer => ({ ok: false, error, ...(errors ? { errors } : {}) });
  answerError(res, answer, { body: isForm(req) ? { html: html() } : { json } });
}
