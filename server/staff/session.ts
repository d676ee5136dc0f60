import { createHash, timingSafeEqual } from 'node:crypto';

/** The staff session cookie. */
export const SESSION_COOKIE = 'staff_session';
/** How long the browser keeps the cookie: a session's absolute limit (the database ends it earlier when idle). */
export const SESSION_MS = 12 * 60 * 60 * 1000;

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Equal strings, in time that does not depend on where they differ (both are hashed to 32 bytes). */
export function constantTimeEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

/** The value of one cookie from a `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The `Set-Cookie` value that starts (token) or ends (null) a session. */
export function sessionCookie(token: string | null, secure: boolean, ttlMs = SESSION_MS): string {
  const attrs = ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return token === null
    ? [`${SESSION_COOKIE}=`, ...attrs, 'Max-Age=0'].join('; ')
    : [`${SESSION_COOKIE}=${token}`, ...attrs, `Max-Age=${Math.floor(ttlMs / 1000)}`].join('; ');
}

/** A `next` target that stays on this site (a path, never `//host` or `/\host`), else `fallback`. */
export function safeNext(next: unknown, fallback: string): string {
  if (typeof next !== 'string' || next.length > 512) return fallback;
  return /^\/(?![/\\])[^\s\\]*$/.test(next) ? next : fallback;
}
