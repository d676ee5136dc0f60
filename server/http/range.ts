import type { Request } from 'express';

/** What to send for a GET of a `size`-byte file (pure apart from reading the request). */
export type RangeDecision =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

/**
 * One byte range or the whole file. A malformed header, several ranges, a unit other than bytes, or
 * an `If-Range` that does not match `etag` give the whole file (as RFC 9110 allows); a well-formed
 * range that starts past the end is unsatisfiable (416).
 */
export function decideRange(req: Request, size: number, etag: string): RangeDecision {
  if (!req.headers.range) return { kind: 'full' };
  const ifRange = req.headers['if-range'];
  if (ifRange && ifRange !== etag) return { kind: 'full' };
  const ranges = req.range(size, { combine: true });
  if (ranges === undefined || ranges === -2) return { kind: 'full' };
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges.type !== 'bytes' || ranges.length !== 1 || !ranges[0]) return { kind: 'full' };
  return { kind: 'partial', start: ranges[0].start, end: ranges[0].end };
}
