import type { NavItem } from '../../engine/index.ts';

/** Whether `path` is `prefix` itself or below it (segment-wise). */
const under = (path: string, prefix: string): boolean =>
  path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/**
 * The nav's active rule: `exact` items match their href only; `prefix` items match their href and
 * every path below it. `alsoActiveOn` entries are plain string prefixes ('/pergola-' covers
 * '/pergola-videos').
 */
export function isNavActive(item: NavItem, path: string): boolean {
  const own = item.match === 'exact' ? path === item.href : under(path, item.href);
  return own || item.alsoActiveOn.some((p) => path.startsWith(p));
}
