import express, { Router, type Request, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Page } from '../../engine/index.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { answerError, errorAnswer } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { StaffAuth } from './auth.ts';
import { signInHtml } from './html.ts';
import { sameOriginOnly, STAFF_REFERRER_POLICY } from './origin.ts';
import { safeNext } from './session.ts';
import { CACHE } from '../middleware/cache-control.ts';

export interface SignInOptions {
  readonly auth: StaffAuth;
  /** The manifest's sign-in page (its path and texts). */
  readonly page: Page;
  /** Where a sign-in without `next` goes. */
  readonly home: string;
  /** Wrong passwords allowed per client IP and window before 429 (default 10 per 15 min). */
  readonly attempts?: number;
  readonly windowMs?: number;
  /** Where wrong passwords are counted: the site database, so every server locks together. */
  readonly counts: Store;
  /** Where refused sign-ins are logged, with the client's address (never what was typed). */
  readonly logger?: Logger;
}

const wantsHtml = (req: Request): boolean =>
  req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/**
 * `GET <sign-in page path>`, `POST <sign-in page path>` (the HTML form), `POST /api/staff/sign-in` (JSON `{password}`:
 * 204, 401, 429) and `POST /api/staff/sign-out`. Failed attempts are rate-limited per client IP,
 * counted in the site database (every server counts them together); a successful sign-in does not count.
 */
export function signInRouter(options: SignInOptions): Router {
  const { auth, page, home } = options;
  const signInPath = page.path;
  const router = Router();
  const html = (res: Response, view: Omit<Parameters<typeof signInHtml>[0], 'page'>): string => {
    res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    return signInHtml({ page, ...view });
  };
  const nextOf = (req: Request): string => safeNext(req.query['next'], home);
  /** A refused sign-in: the form again with the manifest's text for it (form posts), else `{ error }`. */
  const refuse = (req: Request, res: Response, alert: 'wrongPassword' | 'tooManyAttempts'): void => {
    options.logger?.warn(
      { ip: req.ip, refused: alert },
      alert === 'wrongPassword' ? 'staff sign-in refused: wrong password' : 'staff sign-in refused: too many attempts',
    );
    const answer =
      alert === 'wrongPassword'
        ? errorAnswer('WrongPassword', { wrongPassword: page.texts['wrongPassword'] ?? '' })
        : errorAnswer('TooManySignIns', { tooManyAttempts: page.texts['tooManyAttempts'] ?? '' });
    answerError(res, answer, wantsHtml(req) ? { body: { html: html(res, { next: nextOf(req), alert }) } } : {});
  };

  const limiter = rateLimit({
    windowMs: options.windowMs ?? 15 * 60 * 1000,
    limit: options.attempts ?? 10,
    skipSuccessfulRequests: true,
    store: options.counts,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => refuse(req, res, 'tooManyAttempts'),
  });
  const bodies = [express.urlencoded({ extended: false, limit: '4kb' }), express.json({ limit: '4kb' })];

  router.get(signInPath, (req, res) => {
    if (auth.isSignedIn(req)) {
      res.setHeader('Cache-Control', CACHE.none).redirect(302, nextOf(req));
      return;
    }
    const view = { next: nextOf(req), ...(req.query['signedOut'] === '1' ? { status: 'signedOut' as const } : {}) };
    res.type('html').setHeader('Cache-Control', CACHE.none).send(html(res, view));
  });

  const signIn = (req: Request, res: Response): void => {
    const body = (req.body ?? {}) as { password?: unknown };
    const ok = auth.passwordMatches(body.password);
    if (ok) auth.startSession(req, res);
    if (!ok) refuse(req, res, 'wrongPassword');
    else if (wantsHtml(req)) res.setHeader('Cache-Control', CACHE.none).redirect(303, nextOf(req));
    else res.status(204).setHeader('Cache-Control', CACHE.none).end();
  };
  router.post(signInPath, sameOriginOnly, limiter, ...bodies, signIn);
  router.post(STAFF_API.signIn, sameOriginOnly, limiter, ...bodies, signIn);

  router.post(STAFF_API.signOut, sameOriginOnly, (req, res) => {
    auth.endSession(req, res);
    res.setHeader('Cache-Control', CACHE.none);
    if (req.accepts(['json', 'html']) === 'html') res.redirect(303, `${signInPath}?signedOut=1`);
    else res.status(204).end();
  });
  return router;
}
