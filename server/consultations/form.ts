import express, { Router, type Request, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import {
  CONSULTATION_API,
  isHoneypotFilled,
  validateConsultation,
  type ConsultationErrors,
} from '../../engine/shared/consultation.ts';
import type { Logger } from '../log.ts';
import { sameOriginOnly, STAFF_REFERRER_POLICY } from '../staff/origin.ts';
import { formPageHtml, thankYouHtml } from './html.ts';
import type { ConsultationSettings } from './settings.ts';
import type { RequestStore, StoredRequest } from './store.ts';

export interface FormOptions {
  readonly settings: ConsultationSettings;
  readonly store: RequestStore;
  /** Called after each stored request (the outbox sends it at once). */
  readonly onStored?: (request: StoredRequest) => void;
  /** Requests per client address and window before 429 (default 10 per hour). */
  readonly rateLimit?: number;
  /** Where those are counted (default: by this router alone; see counts.ts). */
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
 * The GET of the page gets a Referrer-Policy that lets its form say where it comes from.
 */
export function consultationFormRouter(options: FormOptions): Router {
  const { settings, store } = options;
  const texts = settings.texts;
  const router = Router();

  const answer = (req: Request, res: Response, status: number, body: ConsultationAnswer, html: () => string): void => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    if (isForm(req)) res.status(status).type('html').send(html());
    else res.status(status).json(body);
  };
  const values = (req: Request): Record<string, unknown> => (req.body ?? {}) as Record<string, unknown>;

  const limiter = rateLimit({
    windowMs: options.windowMs ?? 60 * 60 * 1000,
    limit: options.rateLimit ?? 10,
    ...(options.counts ? { store: options.counts } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) =>
      answer(req, res, 429, { ok: false, error: texts['tooMany'] ?? '' }, () =>
        formPageHtml(settings, values(req), {}, 'tooMany'),
      ),
  });
  const bodies = [express.urlencoded({ extended: false, limit: BODY_LIMIT }), express.json({ limit: BODY_LIMIT })];

  const submit = async (req: Request, res: Response): Promise<void> => {
    const raw = values(req);
    if (isHoneypotFilled(raw)) {
      options.logger?.warn({ ip: req.ip }, 'consultation honeypot filled; refused');
      answer(req, res, 400, { ok: false, error: texts['spam'] ?? '' }, () => formPageHtml(settings, {}, {}, 'spam'));
      return;
    }
    const result = validateConsultation(raw, settings);
    if (!result.ok) {
      answer(req, res, 422, { ok: false, error: texts['errorTitle'] ?? '', errors: result.errors }, () =>
        formPageHtml(settings, raw, result.errors),
      );
      return;
    }
    let stored: StoredRequest;
    try {
      stored = await store.add(result.value);
    } catch (err) {
      options.logger?.error({ err }, 'a consultation request could not be stored');
      answer(req, res, 503, { ok: false, error: texts['failed'] ?? '' }, () =>
        formPageHtml(settings, raw, {}, 'failed'),
      );
      return;
    }
    options.onStored?.(stored);
    answer(req, res, 201, { ok: true, id: stored.id, message: texts['thankYouBody'] ?? '' }, () =>
      thankYouHtml(settings),
    );
  };

  router.get(settings.page.path, (_req, res, next) => {
    res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    next();
  });
  // Bodies are parsed before the limiter so that its 429 page gives the visitor's values back.
  router.post([settings.page.path, CONSULTATION_API], sameOriginOnly, ...bodies, limiter, submit);
  return router;
}
