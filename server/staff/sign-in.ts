import express, { Router, type Request, type Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';
import type { Page } from '../../engine/index.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { answerError, errorAnswer, sendError } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { Accounts, Person } from './accounts.ts';
import { personActor, writeAudit } from './audit.ts';
import type { StaffAuth } from './auth.ts';
import { signInHtml, type SignInView } from './html.ts';
import { sameOriginOnly, STAFF_REFERRER_POLICY } from './origin.ts';
import { passwordProblem } from './passwords.ts';
import { constantTimeEqual, safeNext } from './session.ts';
import { CACHE } from '../middleware/cache-control.ts';

export interface SignInOptions {
  readonly auth: StaffAuth;
  readonly accounts: Accounts;
  /** The setup password (STAFF_PASSWORD or the generated one): creates the first owner, then stops working. */
  readonly setupPassword: string;
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

type Alert = 'wrongPassword' | 'tooManyAttempts' | 'weakPassword';

const wantsHtml = (req: Request): boolean =>
  req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
const field = (req: Request, name: string): string => {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * `GET <sign-in page path>` (the form; until an owner exists, the setup form), `POST <sign-in page
 * path>` and `POST /api/staff/sign-in` (`{email, password}`: 204, 401, 429), `POST <path>/setup` and
 * `POST /api/staff/setup` (`{email, name, password, setupPassword}`: the first owner), and
 * `POST /api/staff/sign-out`. Failed attempts are rate-limited per client IP, counted in the site
 * database (every server counts them together); a successful sign-in does not count.
 */
export function signInRouter(options: SignInOptions): Router {
  const { auth, accounts, page, home } = options;
  const router = Router();
  const nextOf = (req: Request): string => safeNext(req.query['next'], home);
  const html = async (req: Request, res: Response, view: Partial<SignInView>): Promise<string> => {
    res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    return signInHtml({ page, next: nextOf(req), setup: !(await accounts.hasAnyone()), ...view });
  };
  /** A refused sign-in: the form again with the manifest's text for it (form posts), else `{ error }`. */
  const refuse = async (req: Request, res: Response, alert: Alert): Promise<void> => {
    options.logger?.warn({ ip: req.ip, refused: alert }, `staff sign-in refused: ${alert}`);
    const text = page.texts[alert] ?? '';
    const answer =
      alert === 'wrongPassword'
        ? errorAnswer('WrongPassword', { wrongPassword: text })
        : alert === 'weakPassword'
          ? errorAnswer('WeakPassword', { weakPassword: text })
          : errorAnswer('TooManySignIns', { tooManyAttempts: text });
    const body = wantsHtml(req) ? { body: { html: await html(req, res, { alert }) } } : {};
    answerError(res, answer, body);
  };
  const signedIn = async (req: Request, res: Response, person: Person): Promise<void> => {
    await auth.startSession(req, res, person);
    options.logger?.info({ ip: req.ip, account: person.id }, 'staff signed in');
    if (wantsHtml(req)) res.setHeader('Cache-Control', CACHE.none).redirect(303, nextOf(req));
    else res.status(204).setHeader('Cache-Control', CACHE.none).end();
  };

  const limiter = rateLimit({
    windowMs: options.windowMs ?? 15 * 60 * 1000,
    limit: options.attempts ?? 10,
    skipSuccessfulRequests: true,
    store: options.counts,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res, next) => void refuse(req, res, 'tooManyAttempts').catch(next),
  });
  const bodies = [express.urlencoded({ extended: false, limit: '4kb' }), express.json({ limit: '4kb' })];

  router.get(page.path, async (req, res) => {
    if (await auth.signedIn(req)) {
      res.setHeader('Cache-Control', CACHE.none).redirect(302, nextOf(req));
      return;
    }
    const view = req.query['signedOut'] === '1' ? { status: 'signedOut' as const } : {};
    res
      .type('html')
      .setHeader('Cache-Control', CACHE.none)
      .send(await html(req, res, view));
  });

  const signIn = async (req: Request, res: Response): Promise<void> => {
    const person = await accounts.checkPassword(field(req, 'email'), field(req, 'password'));
    if (!person) return refuse(req, res, 'wrongPassword');
    await signedIn(req, res, person);
  };
  router.post(page.path, sameOriginOnly, limiter, ...bodies, signIn);
  router.post(STAFF_API.signIn, sameOriginOnly, limiter, ...bodies, signIn);

  const setup = async (req: Request, res: Response): Promise<void> => {
    if (await accounts.hasAnyone()) return sendError(res, 'SetupDone');
    if (!constantTimeEqual(field(req, 'setupPassword'), options.setupPassword))
      return refuse(req, res, 'wrongPassword');
    const password = field(req, 'password');
    const email = field(req, 'email').trim();
    if (passwordProblem(password) || !/^[^\s@]+@[^\s@]+$/.test(email)) return refuse(req, res, 'weakPassword');
    const name = field(req, 'name').trim().slice(0, 100) || email;
    const owner = await accounts.create({ email, name, role: 'owner', password });
    if (!owner) return sendError(res, 'SetupDone');
    const actor = personActor(owner, req.ip ?? '', req.get('user-agent') ?? '');
    await writeAudit(auth.sessions.database.db, actor, { action: 'account.create-owner', object: owner.email });
    await signedIn(req, res, owner);
  };
  router.post(`${page.path}/setup`, sameOriginOnly, limiter, ...bodies, setup);
  router.post(STAFF_API.setup, sameOriginOnly, limiter, ...bodies, setup);

  router.post(STAFF_API.signOut, sameOriginOnly, async (req, res) => {
    await auth.endSession(req, res);
    res.setHeader('Cache-Control', CACHE.none);
    if (req.accepts(['json', 'html']) === 'html') res.redirect(303, `${page.path}?signedOut=1`);
    else res.status(204).end();
  });
  return router;
}
