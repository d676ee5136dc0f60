import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';

/** How long a visitor waits for the media store in one request, whatever the retries behind it. */
export const REQUEST_DEADLINE_MS = 4000;

const store = new AsyncLocalStorage<{ readonly at: number }>();

/** Runs `fn` with a deadline `ms` from now (nested calls keep the earlier of the two). */
export function withDeadline<T>(ms: number, fn: () => T, now: () => number = Date.now): T {
  const at = now() + ms;
  const outer = store.getStore()?.at;
  return store.run({ at: outer === undefined ? at : Math.min(outer, at) }, fn);
}

/** The deadline (ms since the epoch) of the request being served, if any. */
export function currentDeadline(): number | undefined {
  return store.getStore()?.at;
}

/**
 * Gives each request one deadline for everything it asks of the media store: the cache stops waiting
 * for an upstream call when it passes (the call goes on in the background and its answer is kept),
 * and the Drive client stops retrying before it.
 */
export const requestDeadline =
  (ms: number = REQUEST_DEADLINE_MS): RequestHandler =>
  (_req, _res, next) => {
    withDeadline(ms, () => next());
  };

/** The error a wait ends with when the request's deadline passes. */
export class DeadlineError extends Error {
  constructor() {
    super('The media store did not answer before the request deadline.');
    this.name = 'DeadlineError';
  }
}

/**
 * `promise`, or a DeadlineError once `deadline` passes (the promise itself is not cancelled; its
 * rejection is observed so that it never goes unhandled).
 */
export function beforeDeadline<T>(promise: Promise<T>, deadline: number | undefined, now = Date.now()): Promise<T> {
  if (deadline === undefined) return promise;
  const left = deadline - now;
  promise.catch(() => undefined);
  if (left <= 0) return Promise.reject(new DeadlineError());
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlineError()), left);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}
