import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiError } from '../../engine/shared/api.ts';
import type { Logger } from '../log.ts';
import { StoreError } from '../media/types.ts';
import { BreakerOpenError } from '../resilience/key-breakers.ts';
import { DeadlineError } from '../resilience/deadline.ts';
import { UnreadableImageError } from '../imaging/unreadable-image.ts';
import { answerError, describeAnswer, errorAnswer, RETRY_AFTER_S, sendError, type ErrorAnswer } from '../errors.ts';

const seconds = (ms: number | undefined): number => Math.max(1, Math.ceil((ms ?? RETRY_AFTER_S * 1000) / 1000));

/** A store's failure: the answer it names, else the one of its code (503s say when to ask again). */
function storeAnswer(error: StoreError): ErrorAnswer {
  if (error.answer) return error.answer;
  const retryAfterS = seconds(error.retryAfterMs);
  switch (error.code) {
    case 'not-found':
      return errorAnswer('StoreNotFound', { detail: error.message });
    case 'invalid':
      return errorAnswer('StoreRefused', { detail: error.message });
    case 'quota':
      // 507: the store has no room; its message says what staff must do.
      if (error.status === 507) return errorAnswer('StoreFull', { detail: error.message });
      return { ...errorAnswer('StoreBusy'), retryAfterS };
    case 'upstream':
      // 502 when the store answered nonsense; 503 when it could not be asked (its message is for the log).
      if (error.status === 502) return errorAnswer('StoreAnsweredBadly');
      return { ...errorAnswer('StoreUnreachable'), retryAfterS };
  }
}

type Refusal = 'RequestMalformed' | 'PreconditionFailed' | 'BodyTooLarge' | 'BodyUnsupported' | 'RangeRefused';

/** The entries of requests that a library refused (body parsers, the static file server), by status. */
const REFUSALS: Readonly<Record<number, Refusal>> = {
  400: 'RequestMalformed',
  412: 'PreconditionFailed',
  413: 'BodyTooLarge',
  415: 'BodyUnsupported',
  416: 'RangeRefused',
};

/**
 * An http-error of a library (4xx): its words when they are meant for clients (`expose`), else
 * 'Bad request.'. Only the statuses above reach here; another would be answered as malformed (400).
 */
function refusedRequest(error: unknown): ErrorAnswer | null {
  const e = error as { status?: unknown; expose?: unknown; message?: unknown } | null;
  if (!e || typeof e.status !== 'number' || e.status < 400 || e.status >= 500) return null;
  if (e.expose !== true || typeof e.message !== 'string') return errorAnswer('BadRequest');
  return errorAnswer(REFUSALS[e.status] ?? 'RequestMalformed', { detail: e.message });
}

/**
 * The one place where errors that reach the error middleware become catalogue answers: the request's
 * deadline or a paused call (the store could not be asked: 503, try again shortly), a store's failure,
 * pixels that cannot be decoded, a library's refusal of the request; anything else is a server fault.
 */
export function toAnswer(error: unknown): ErrorAnswer {
  if (error instanceof DeadlineError) return errorAnswer('StoreUnreachable');
  if (error instanceof BreakerOpenError)
    return { ...errorAnswer('StoreUnreachable'), retryAfterS: seconds(error.retryAfterMs) };
  if (error instanceof StoreError) return storeAnswer(error);
  if (error instanceof UnreadableImageError) return errorAnswer('UnreadableImage');
  return refusedRequest(error) ?? errorAnswer('Internal');
}

/** What the error middleware answers for an error (pure; the handler and its test use it). */
export function errorResponse(error: unknown): {
  answer: ErrorAnswer;
  status: number;
  body: ApiError;
  retryAfterS?: number;
} {
  const answer = toAnswer(error);
  const { status, text, headers } = describeAnswer(answer);
  const retry = headers['Retry-After'];
  return { answer, status, body: { error: text }, ...(retry ? { retryAfterS: Number(retry) } : {}) };
}

/** JSON error answers for every route; the error is logged with the request. */
export const jsonErrors: ErrorRequestHandler = (error, req, res, next) => {
  const { answer, status, body } = errorResponse(error);
  const log = (req as { log?: Logger }).log;
  if (status >= 500) log?.error({ err: error }, body.error);
  else log?.debug({ err: error }, body.error);
  if (res.headersSent) {
    // A stream failed half-way: nothing valid can be sent any more.
    next(error);
    return;
  }
  answerError(res, answer);
};

/** JSON 404 for unknown `/api` paths (and unknown methods on known ones). */
export const apiNotFound: RequestHandler = (_req, res) => sendError(res, 'ApiNotFound');
