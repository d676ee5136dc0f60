import { compileRoute, isCatchAll, isPattern, matchPath, type Catalogue, type Page } from '../../engine/index.ts';

export interface RouteMatch {
  readonly page: Page;
  readonly params: Record<string, string>;
}

export interface Matcher {
  /** The page of a path: exact routes first, then patterns in manifest order, then the catch-all. */
  match(path: string): RouteMatch | null;
}

/** Compiles the route table once. */
export function createMatcher(catalogue: Catalogue): Matcher {
  const exact = new Map<string, Page>();
  const patterns: { page: Page; route: ReturnType<typeof compileRoute> }[] = [];
  let catchAll: Page | undefined;
  for (const page of catalogue.pages) {
    if (isCatchAll(page.path)) catchAll ??= page;
    else if (isPattern(page.path)) patterns.push({ page, route: compileRoute(page.path) });
    else if (!exact.has(page.path)) exact.set(page.path, page);
  }
  return {
    match(path) {
      const hit = exact.get(path);
      if (hit) return { page: hit, params: {} };
      for (const { page, route } of patterns) {
        let params: Record<string, string> | null;
        try {
          params = matchPath(route, path);
        } catch {
          // A malformed escape (%E0%A4%A) matches nothing.
          params = null;
        }
        if (params) return { page, params };
      }
      return catchAll ? { page: catchAll, params: {} } : null;
    },
  };
}
