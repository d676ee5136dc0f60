import type { Request, RequestHandler } from 'express';
import { sendError } from '../errors.ts';

/**
 * The Referrer-Policy of staff documents. The site's default `no-referrer` makes browsers send
 * `Origin: null` even on same-origin POSTs (Fetch: "serializing a request origin"); `same-origin`
 * lets this site's own forms and uploads say where they come from and still tells other sites nothing.
 */
export const STAFF_REFERRER_POLICY = 'same-origin';

/**
 * Whether a request comes from a page of this site. Browsers send `Origin` on every POST made by a
 * form or fetch (`null` from sandboxed or privacy-stripped contexts); where it is missing the
 * `Referer` is used. A request with neither is refused too: no page of this site sends one, and a
 * write whose source cannot be told is not taken on trust (scripts send `Origin` themselves).
 */
export function isSameOrigin(headers: { origin?: string; referer?: string }, host: string | undefined): boolean {
  const source = headers.origin ?? headers.referer;
  if (source === undefined || !host || source === 'null') return false;
  try {
    return new URL(source).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

/** The host the browser used: `Host`, or `X-Forwarded-Host` from a trusted proxy (Express's `req.host`). */
const hostOf = (req: Request): string | undefined => {
  try {
    return req.host;
  } catch {
    return req.headers.host;
  }
};

/** Refuses cross-site writes with 403 before anything else looks at the request. */
export const sameOriginOnly: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD' || isSameOrigin(req.headers, hostOf(req))) {
    next();
    return;
  }
  sendError(res, req.headers.origin === undefined && req.headers.referer === undefined ? 'NoOrigin' : 'CrossSite');
};
