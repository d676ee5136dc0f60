import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '../../engine/api.ts';
import type { Logger } from '../log.ts';
import { StoreError } from '../media/types.ts';

/** Messages for visitors: what went wrong and what to do. Never internals, never a stack. */
export const MESSAGES = {
  upstream: 'The media storage could not be reached. Please try again in a moment.',
  quota: 'The media storage is busy right now. Please try again in a minute.',
  internal: 'Something went wrong on the server. Please try again.',
  notFound: 'No such API endpoint.',
} as const;

/** Maps any error to a status and a JSON body (pure; the handler and its test use it). */
export function errorResponse(error: unknown): { status: number; body: ApiError } {
  if (error instanceof StoreError) {
    switch (error.code) {
      case 'not-found':
        return { status: 404, body: { error: error.message } };
      case 'invalid':
        return { status: 400, body: { error: error.message } };
      case 'quota':
        // 507: the store has no room (Drive outside a Shared Drive): its message says what staff must do.
        if (error.status === 507) return { status: 507, body: { error: error.message } };
        return { status: 502, body: { error: MESSAGES.quota } };
      case 'upstream':
        return { status: 502, body: { error: MESSAGES.upstream } };
    }
  }
  // http-errors from body parsers and friends: keep their status, show the message only if meant for clients.
  const e = error as { status?: unknown; expose?: unknown; message?: unknown } | null;
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    const message = e.expose === true && typeof e.message === 'string' ? e.message : 'Bad request.';
    return { status: e.status, body: { error: message } };
  }
  return { status: 500, body: { error: MESSAGES.internal } };
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
  const { status, body } = errorResponse(error);
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
  res.status(status).setHeader('Cache-Control', 'no-store').json(body);
};

/** JSON 404 for unknown `/api` paths (and unknown methods on known ones). */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).setHeader('Cache-Control', 'no-store').json({ error: MESSAGES.notFound });
};
