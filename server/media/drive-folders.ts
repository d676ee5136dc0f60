import pMap from 'p-map';
import type { DriveApi } from './drive-api.ts';
import { childFoldersOfQuery, FOLDER_TREE_FIELDS, quote } from './drive-query.ts';

/** The names of a folder path, trimmed, empty ones dropped ('' is the root). */
export const segments = (path: string): string[] =>
  path
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Bounds on one files.list `q` (it travels in the URL, and Drive refuses a query it finds too complex).
 * The parents of one level are split into queries of at most MAX_PARENTS parents and QUERY_CHARS
 * characters; the level's wanted names filter the answer unless they alone take more than NAMES_CHARS
 * (then every child folder is listed and the names are matched here).
 */
const MAX_PARENTS = 25;
const QUERY_CHARS = 2000;
const NAMES_CHARS = 600;
const PARALLEL = 8;

/** Splits ids into groups of at most MAX_PARENTS whose `'id' in parents or ` terms fit in `budget` characters. */
function chunk(ids: readonly string[], budget: number): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let used = 0;
  for (const id of ids) {
    const cost = quote(id).length + ' in parents or '.length;
    if (group.length > 0 && (used + cost > budget || group.length === MAX_PARENTS)) {
      groups.push(group);
      group = [];
      used = 0;
    }
    group.push(id);
    used += cost;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * Folder path ('A/B'; '' is the root) -> id, for each of `paths` and each of their parents that exists
 * under `rootId`. Walks the tree level by level: one files.list (plus its further pages) per level,
 * asking for the child folders of every folder of that level that has wanted children at once
 * (`'a' in parents or 'b' in parents ...`), split only when the query would grow too long. Twins
 * (two folders of one name in one parent): the oldest wins, as with a walk per path.
 */
export async function findFolderPaths(
  api: DriveApi,
  rootId: string,
  paths: readonly string[],
): Promise<Map<string, string>> {
  // The wanted child names of each folder path.
  const wanted = new Map<string, Set<string>>();
  for (const p of paths) {
    const parts = segments(p);
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      const names = wanted.get(parent) ?? new Set<string>();
      names.add(parts[i]!);
      wanted.set(parent, names);
    }
  }
  const found = new Map<string, string>([['', rootId]]);
  let level = wanted.has('') ? [''] : [];
  while (level.length > 0) {
    // Folder id -> its paths (a folder Drive keeps in two parents has two).
    const pathsOf = new Map<string, string[]>();
    for (const path of level) {
      const id = found.get(path)!;
      pathsOf.set(id, [...(pathsOf.get(id) ?? []), path]);
    }
    const names = [...new Set(level.flatMap((p) => [...wanted.get(p)!]))].sort();
    const namesChars = names.reduce((n, name) => n + quote(name).length + ' or name = '.length, 0);
    const filter = namesChars <= NAMES_CHARS ? names : [];
    const budget = QUERY_CHARS - (filter.length > 0 ? namesChars : 0);
    const next = new Set<string>();
    await pMap(
      chunk([...pathsOf.keys()], budget),
      async (ids) => {
        const about = { action: 'looking up the media folders', subject: `Folder ${ids[0]}` };
        const children = await api.list(childFoldersOfQuery(ids, filter), FOLDER_TREE_FIELDS, about, 'createdTime');
        for (const child of children) {
          if (!child.id || !child.name) continue;
          for (const parentId of child.parents ?? []) {
            for (const parent of pathsOf.get(parentId) ?? []) {
              if (!wanted.get(parent)?.has(child.name)) continue;
              const path = parent ? `${parent}/${child.name}` : child.name;
              if (found.has(path)) continue;
              found.set(path, child.id);
              if (wanted.has(path)) next.add(path);
            }
          }
        }
      },
      { concurrency: PARALLEL },
    );
    level = [...next];
  }
  return found;
}
