import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '../../engine/shared/api.ts';
import type { Logger } from '../log.ts';
import { StoreError } from '../media/types.ts';
import { DeadlineError } from '../resilience/deadline.ts';
import { errorStatus, errorText, sendError } from '../errors.ts';

/** Retry-After (seconds) of a 503 when the store gave no better figure. */
export const RETRY_AFTER_S = 5;

const retryAfter = (ms: number | undefined): number => Math.max(1, Math.ceil((ms ?? RETRY_AFTER_S * 1000) / 1000));

/** Maps any error to a status and a JSON body (pure; the handler and its test use it). */
export function errorResponse(error: unknown): { status: number; body: ApiError; retryAfterS?: number } {
  // The store could not be asked (down, too slow, paused after failures): 503, try again shortly.
  if (error instanceof DeadlineError)
    return { status: 503, body: { error: errorText('StoreUnreachable') }, retryAfterS: retryAfter(undefined) };
  if (error instanceof StoreError) {
    switch (error.code) {
      case 'not-found':
        return { status: 404, body: { error: error.message } };
      case 'invalid':
        return { status: 400, body: { error: error.message } };
      case 'quota':
        // 507: the store has no room (Drive outside a Shared Drive): its message says what staff must do.
        if (error.status === 507) return { status: 507, body: { error: error.message } };
        return {
          status: errorStatus('StoreBusy'),
          body: { error: errorText('StoreBusy') },
          retryAfterS: retryAfter(error.retryAfterMs),
        };
      case 'upstream':
        // 502 when the store answered nonsense; 503 (the default) when it could not be asked.
        if (error.status === 502) return { status: 502, body: { error: errorText('StoreAnsweredBadly') } };
        return {
          status: errorStatus('StoreUnreachable'),
          body: { error: errorText('StoreUnreachable') },
          retryAfterS: retryAfter(error.retryAfterMs),
        };
    }
  }
  // http-errors from body parsers and friends: keep their status, show the message only if meant for clients.
  const e = error as { status?: unknown; expose?: unknown; message?: unknown } | null;
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    const message = e.expose === true && typeof e.message === 'string' ? e.message : errorText('BadRequest');
    return { status: e.status, body: { error: message } };
  }
  return { status: errorStatus('Internal'), body: { error: errorText('Internal') } };
}

/** Headers a route may have set for the content it meant to send; an error answer drops them. */
const HEADERS_OF_CONTENT = [
  'Content-Type',
  'ETag',
  'Content-Disposition',
  'Content-Range',
  'Content-Length',
  'Accept-Ranges',
  'Vary',
];

/** JSON error answers for every route; the error is logged with the request. */
export const jsonErrors: ErrorRequestHandler = (error, req, res, next) => {
  const { status, body, retryAfterS } = errorResponse(error);
  const log = (req as { log?: Logger }).log;
  if (status >= 500) log?.error({ err: error }, body.error);
  else log?.debug({ err: error }, body.error);
  if (res.headersSent) {
    // A stream failed half-way: nothing valid can be sent any more.
    next(error);
    return;
  }
  // Headers meant for the content that could not be sent must not describe the error.
  for (const name of HEADERS_OF_CONTENT) res.removeHeader(name);
  // No shared cache may keep an error (a CDN rule for the content it replaced must not apply).
  res.removeHeader('CDN-Cache-Control');
  if (retryAfterS !== undefined) res.setHeader('Retry-After', String(retryAfterS));
  res.status(status).setHeader('Cache-Control', 'no-store').json(body);
};

/** JSON 404 for unknown `/api` paths (and unknown methods on known ones). */
export const apiNotFound: RequestHandler = (_req, res) => sendError(res, 'ApiNotFound');
