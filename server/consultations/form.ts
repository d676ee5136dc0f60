import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import { CONSULTATION_API, formValuesOf, SENT_SUFFIX } from '../../engine/shared/consultation.ts';
import { errorAnswer } from '../errors.ts';
import type { Logger } from '../log.ts';
import { sameOriginOnly, STAFF_REFERRER_POLICY } from '../staff/origin.ts';
import { showFormView } from '../render/form-view.ts';
import { requestLanguage } from './language.ts';
import { requestLanguages, settingsIn, type ConsultationSettings } from './settings.ts';
import type { RequestStore, StoredRequest } from './store.ts';
import { refuse, submitHandler } from './submit.ts';

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

/**
 * `POST <page path>` (the plain form: an HTML answer) and `POST /api/consultations` (JSON): same-origin
 * check, body limit, per-address rate limit, honeypot, the shared rules, then one committed insert.
 * Each request is checked and answered in its language (`requestLanguage`: the one its form was
 * read in), and stored with it. The GET of the page gets a Referrer-Policy that lets its form say
 * where it comes from.
 */
export function consultationFormRouter(options: FormOptions): Router {
  const { settings } = options;
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

  const submit = submitHandler(options, values, readIn);

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
