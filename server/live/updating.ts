import { answerError, errorAnswer } from '../errors.ts';
import type { SiteHandler } from './catalogue-holder.ts';

/** "Try again in a minute": what a client is told to wait before asking again. */
const RETRY_AFTER_S = 60;

/**
 * What the site answers while no valid manifest has been read since the start: 503 `SiteUpdating`,
 * plain text for pages and `{ error }` for the API. The live site swaps the catalogue in as soon as
 * the files are valid.
 */
export const siteUpdating: SiteHandler = (req, res) => {
  const api = req.url?.startsWith('/api/') ?? false;
  answerError(res, { ...errorAnswer('SiteUpdating'), retryAfterS: RETRY_AFTER_S }, api ? {} : { body: 'text' });
};
