import { parse } from 'regexparam';

/** A route path with ':param' or '*' segments. */
export const isPattern = (path: string): boolean => path.includes(':') || path.includes('*');

/** The catch-all route of the not-found page. */
export const isCatchAll = (path: string): boolean => path === '/*' || path === '*';

export interface CompiledRoute {
  readonly path: string;
  readonly keys: readonly string[];
  readonly regex: RegExp;
}

export function compileRoute(path: string): CompiledRoute {
  const { keys, pattern } = parse(path);
  return { path, keys, regex: pattern };
}

/** The values of the params of `route` in `path`, or null when it does not match. */
export function matchPath(route: CompiledRoute, path: string): Record<string, string> | null {
  const m = route.regex.exec(path);
  if (!m) return null;
  const params: Record<string, string> = {};
  route.keys.forEach((k, i) => {
    const v = m[i + 1];
    if (v !== undefined) params[k] = decodeURIComponent(v);
  });
  return params;
}

/** Whether two patterns can match one same path (segment by segment: equal, or either a param). */
export function patternsOverlap(a: string, b: string): boolean {
  const sa = a.split('/');
  const sb = b.split('/');
  if (sa.length !== sb.length) return false;
  return sa.every((s, i) => {
    const t = sb[i] ?? '';
    return s === t || s.startsWith(':') || t.startsWith(':');
  });
}

/** Every path a pattern stands for, given each param's values (cartesian product, in order). */
export function instances(path: string, params: Readonly<Record<string, readonly string[]>>): string[] {
  let paths = [path];
  for (const key of compileRoute(path).keys) {
    const values = params[key] ?? [];
    paths = paths.flatMap((p) => values.map((v) => p.replace(`:${key}`, encodeURIComponent(v))));
  }
  return paths;
}
