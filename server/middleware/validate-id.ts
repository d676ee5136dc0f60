import type { RequestHandler } from 'express';
import { isPublicId } from '../ids.ts';
import { errorStatus, errorText } from '../errors.ts';

/** The message of a 400 for a malformed id (pure; used by the middleware and its test). */
export function invalidIdMessage(name: string, value: unknown): string | null {
  if (isPublicId(value)) return null;
  return errorText('InvalidId', { name });
}

/** Answers 400 JSON unless every named route parameter is a well-formed public id. */
export function validateIds(...names: string[]): RequestHandler {
  return (req, res, next) => {
    for (const name of names) {
      const message = invalidIdMessage(name, req.params[name]);
      if (message) {
        res.status(errorStatus('InvalidId')).setHeader('Cache-Control', 'no-store').json({ error: message });
        return;
      }
    }
    next();
  };
}
