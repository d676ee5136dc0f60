import type { Request, RequestHandler, Response } from 'express';
import { constantTimeEqual, readCookie, SESSION_COOKIE, sessionCookie, SessionSigner } from './session.ts';
import { sendError } from '../errors.ts';
import { CACHE } from '../middleware/cache-control.ts';

/** The staff password check and sessions, with the middlewares that guard pages and APIs. */
export class StaffAuth {
  private readonly signer: SessionSigner;

  /**
   * `signInPath` is the path of the manifest's sign-in page, where pages send visitors without a
   * session.
   */
  constructor(
    private readonly password: string,
    secret: string,
    readonly signInPath: string,
    private readonly clock: () => number = Date.now,
  ) {
    this.signer = new SessionSigner(secret, password);
  }

  passwordMatches(given: unknown): boolean {
    return typeof given === 'string' && given.length <= 1024 && constantTimeEqual(given, this.password);
  }

  isSignedIn(req: Request): boolean {
    return this.signer.verify(readCookie(req.headers.cookie, SESSION_COOKIE), this.clock());
  }

  startSession(req: Request, res: Response): void {
    res.setHeader('Set-Cookie', sessionCookie(this.signer.issue(this.clock()), req.secure));
  }

  endSession(req: Request, res: Response): void {
    res.setHeader('Set-Cookie', sessionCookie(null, req.secure));
  }

  /** APIs: 401 JSON without a session. */
  readonly requireApi: RequestHandler = (req, res, next) => {
    if (this.isSignedIn(req)) {
      res.setHeader('Cache-Control', CACHE.none);
      next();
      return;
    }
    sendError(res, 'SignInFirst');
  };

  /** Pages: a redirect to the sign-in page, which comes back here afterwards. */
  readonly requirePage: RequestHandler = (req, res, next) => {
    if (this.isSignedIn(req)) {
      next();
      return;
    }
    res.setHeader('Cache-Control', CACHE.none);
    res.redirect(302, `${this.signInPath}?next=${encodeURIComponent(req.originalUrl)}`);
  };
}
