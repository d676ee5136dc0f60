import { closest, distance } from 'fastest-levenshtein';

/** The closest of `options` to `value`, when it is close enough to be a likely typo. */
export function suggest(value: string, options: readonly string[]): string | undefined {
  if (options.length === 0) return undefined;
  const best = closest(value, [...options]);
  const limit = Math.max(2, Math.floor(value.length / 3));
  return distance(value, best) <= limit ? best : undefined;
}
