import type { RequestHandler } from 'express';
import { isPublicId } from '../media/ids.ts';
import { errorText, sendError } from '../errors.ts';

/** The message of a 400 for a malformed id (pure; used by the middleware and its test). */
export function invalidIdMessage(name: string, value: unknown): string | null {
  if (isPublicId(value)) return null;
  return errorText('InvalidId', { name });
}

/** Answers `InvalidId` (400 JSON) unless every named route parameter is a well-formed public id. */
export function validateIds(...names: string[]): RequestHandler {
  return (req, res, next) => {
    const bad = names.find((name) => !isPublicId(req.params[name]));
    if (bad === undefined) next();
    else sendError(res, 'InvalidId', { name: bad });
  };
}
