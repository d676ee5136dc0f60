import { HttpError } from '../data/fetcher.ts';

/**
 * What staff read when a staff API call fails: the server's JSON `error` text, never the raw
 * `502: {"error":...}` of the HTTP error. Empty when the answer carries no message a person can
 * read (an HTML error page, a network failure): the toast's title says what failed.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof HttpError)) return '';
  const prefix = `${error.status}: `;
  const body = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  try {
    const parsed = JSON.parse(body) as { error?: unknown } | null;
    return typeof parsed?.error === 'string' ? parsed.error : '';
  } catch {
    return '';
  }
}
