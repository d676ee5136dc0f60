import type { IncomingMessage, ServerResponse } from 'node:http';
import { PHOTO_SEGMENT } from '../../engine/shared/captions.ts';

/**
 * The route a request was answered by, for the metrics: a label bounded by construction, never the
 * raw path. In order: what a handler marked (a page of the route table: its pattern), the pattern of
 * the Express route that matched (strings written in the code, or a manifest page path), a static
 * mount, else `unmatched`.
 */

/** Not a route: what any request no route answered is counted as. */
export const UNMATCHED = 'unmatched';

/** The prefix mounts of `createApp` (server/app.ts) that answer without a route of their own. */
const MOUNTS: ReadonlySet<string> = new Set(['/assets', '/defaults', '/api', '/media']);

const MARK = Symbol('route pattern');
type Marked = ServerResponse & { [MARK]?: string };
type ExpressRequest = IncomingMessage & { route?: { path?: unknown }; baseUrl?: unknown };

/** Says which route pattern answered (a page of the catalogue: its path in the route table). */
export function markRoute(res: ServerResponse, pattern: string): void {
  (res as Marked)[MARK] = pattern;
}

/** The pattern of a gallery's photo addresses (`<gallery>/photo/<slug>`), from the gallery's route pattern. */
export const photoRoute = (gallery: string): string => `${gallery === '/' ? '' : gallery}/${PHOTO_SEGMENT}/:slug`;

/** The label of a request once answered. */
export function routeOf(req: IncomingMessage, res: ServerResponse): string {
  const marked = (res as Marked)[MARK];
  if (marked !== undefined) return marked;
  const { route, baseUrl } = req as ExpressRequest;
  const path = route?.path;
  if (typeof path === 'string') return path;
  // One route for several paths (a form's page and its API): both, as written.
  if (Array.isArray(path) && path.every((p) => typeof p === 'string')) return path.join('|');
  if (typeof baseUrl === 'string' && MOUNTS.has(baseUrl)) return `${baseUrl}/*`;
  return UNMATCHED;
}
