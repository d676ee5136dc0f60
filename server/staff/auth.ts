import type { Request, RequestHandler, Response } from 'express';
import { may, type Permission } from '../../engine/shared/roles.ts';
import { answerError, errorAnswer, sendError } from '../errors.ts';
import { CACHE } from '../middleware/cache-control.ts';
import type { Person } from './accounts.ts';
import { personActor, writeAudit, type Actor, type AuditEntry } from './audit.ts';
import { forbiddenHtml, type StaffFrame } from './html.ts';
import { STAFF_REFERRER_POLICY } from './origin.ts';
import { readCookie, SESSION_COOKIE, sessionCookie } from './session.ts';
import type { Sessions, SignedIn } from './sessions.ts';

/** The permission a guard checks, on the guard itself: the route table's test reads it (server/staff/routes.test.ts). */
export const GUARDS = new WeakMap<RequestHandler, Permission>();

/** The staff frame as a person sees it: only the tools their role opens, with their name. */
export function frameFor(frame: StaffFrame, person: Person): StaffFrame {
  return { ...frame, personName: person.name, tools: frame.tools.filter((t) => may(person.role, t.permission)) };
}

/** Sessions, and the guards that check a person's permission on every staff page and API (deny by default). */
export class StaffAuth {
  private readonly found = new WeakMap<Request, Promise<SignedIn | undefined>>();

  /** `signInPath`: the manifest's sign-in page, where pages send visitors without a session. */
  constructor(
    readonly sessions: Sessions,
    readonly signInPath: string,
    private readonly frame: StaffFrame,
    private readonly forbiddenText: string,
  ) {}

  /** The request's session (looked up once per request). */
  signedIn(req: Request): Promise<SignedIn | undefined> {
    let found = this.found.get(req);
    if (!found) {
      found = this.sessions.find(readCookie(req.headers.cookie, SESSION_COOKIE));
      this.found.set(req, found);
    }
    return found;
  }

  /** Who is making a request a guard let through (the audit trail names them). */
  async actorOf(req: Request): Promise<Actor> {
    const signed = await this.signedIn(req);
    if (!signed) throw new Error('actorOf: the request has no session; the route lacks its guard.');
    return personActor(signed.person, req.ip ?? '', req.get('user-agent') ?? '');
  }

  /** Writes the audit row of a change `req` made (after it, where the change has no transaction of its own). */
  async audit(req: Request, entry: AuditEntry): Promise<void> {
    await writeAudit(this.sessions.database.db, await this.actorOf(req), entry);
  }

  async startSession(req: Request, res: Response, person: Person): Promise<void> {
    const id = await this.sessions.start(person, req.ip ?? '', req.get('user-agent') ?? '');
    res.setHeader('Set-Cookie', sessionCookie(id, req.secure));
  }

  async endSession(req: Request, res: Response): Promise<void> {
    const signed = await this.signedIn(req);
    if (signed) await this.sessions.end(signed.idHash);
    res.setHeader('Set-Cookie', sessionCookie(null, req.secure));
  }

  /** APIs: 401 JSON without a session, 403 JSON without `permission`. */
  api(permission: Permission): RequestHandler {
    const guard: RequestHandler = async (req, res, next) => {
      const signed = await this.signedIn(req);
      res.setHeader('Cache-Control', CACHE.none);
      if (!signed) return sendError(res, 'SignInFirst');
      if (!may(signed.person.role, permission)) return sendError(res, 'NotYourRole');
      next();
    };
    GUARDS.set(guard, permission);
    return guard;
  }

  /** Pages: a redirect to the sign-in page (which comes back afterwards); the 403 page without `permission`. */
  page(permission: Permission): RequestHandler {
    const guard: RequestHandler = async (req, res, next) => {
      const signed = await this.signedIn(req);
      if (signed && may(signed.person.role, permission)) return next();
      res.setHeader('Cache-Control', CACHE.none);
      if (!signed) return res.redirect(302, `${this.signInPath}?next=${encodeURIComponent(req.originalUrl)}`);
      res.setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
      const html = forbiddenHtml(frameFor(this.frame, signed.person), this.forbiddenText);
      answerError(res, errorAnswer('NotYourRole'), { body: { html } });
    };
    GUARDS.set(guard, permission);
    return guard;
  }

  /** The frame a signed-in person sees on a page (their tools, their name). */
  async frameOf(req: Request): Promise<StaffFrame> {
    const signed = await this.signedIn(req);
    return signed ? frameFor(this.frame, signed.person) : this.frame;
  }
}
