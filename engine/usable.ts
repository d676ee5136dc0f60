import type { DataPath } from './source.ts';
import type { LocalizedManifestInput } from './types.ts';

/**
 * What the later stages may still use of a manifest the schema refused: the manifest with each invalid
 * declaration set aside (a page, a product, a folder, a slot, a family member, a family, a text), so that
 * family expansion, references and routes are checked in the same run. Set-aside list entries become
 * holes (`undefined`), so the indexes, and with them the places of later problems, stay right.
 */
export interface Usable {
  readonly input: LocalizedManifestInput;
  /** Ids, paths and slugs of what was set aside: problems that only follow from it are not repeated. */
  readonly dropped: ReadonlySet<string>;
  /**
   * Top-level sections of which a whole family was set aside: what it would declare (pages, products,
   * folders, slots) is unknown, so checks that need it are skipped, as for an unreadable file (partial.ts).
   */
  readonly unknown: ReadonlySet<string>;
}

const LISTS = new Set(['folders', 'slots', 'products', 'pages']);

/** A member keeps a value of the wrong type, except in the keys that name it: families.ts ignores the value. */
const keepsMember = (path: DataPath): boolean =>
  path[0] === 'families' && path[2] === 'members' && typeof path[4] === 'string' && !['slug', 'name'].includes(path[4]);

/** Keys whose invalid value is set aside alone, the declaration around it staying: icons only decorate. */
const LEAVES = new Set(['icon', 'icons']);

/** The path of the leaf to set aside for an invalid `path` (an icon, or one entry of `icons`), if any. */
function leafOf(path: DataPath): DataPath | null {
  const q = path.findIndex((step) => typeof step === 'string' && LEAVES.has(step));
  if (q < 2) return null;
  return path.slice(0, path[q] === 'icons' && path.length > q + 1 ? q + 2 : q + 1);
}
const MAPS = new Set(['ui', 'figures', 'aggregates', 'pageDefaults']);

/** The usable rest of `data` after the schema found `invalid`, or null when no later stage can run. */
export function usableManifest(data: Record<string, unknown>, invalid: readonly DataPath[]): Usable | null {
  const root: Record<string, unknown> = { ...data };
  const dropped = new Set<string>();
  const unknown = new Set<string>();
  const copied = new Set<unknown>();
  /** A shallow copy of the list or map at root[key] (once), so the parsed data is never changed. */
  const own = <T extends object>(parent: Record<string, unknown> | unknown[], key: string | number): T | null => {
    const v = (parent as Record<string | number, unknown>)[key];
    if (!v || typeof v !== 'object') return null;
    if (copied.has(v)) return v as T;
    const copy = Array.isArray(v) ? [...(v as unknown[])] : { ...(v as object) };
    copied.add(copy);
    (parent as Record<string | number, unknown>)[key] = copy;
    return copy as T;
  };
  const remember = (v: unknown): void => {
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    for (const k of ['id', 'path', 'slug'] as const) if (typeof o[k] === 'string') dropped.add(o[k]);
  };
  const hole = (list: unknown[] | null, i: unknown): boolean => {
    if (!list || typeof i !== 'number' || i >= list.length) return false;
    remember(list[i]);
    list[i] = undefined;
    return true;
  };

  /** Deletes the key at `path`, copying each list and map on the way (false when the way is gone). */
  const drop = (path: DataPath): boolean => {
    let node: Record<string, unknown> | unknown[] = root;
    for (const step of path.slice(0, -1)) {
      const next: Record<string, unknown> | unknown[] | null = own(node, step);
      if (!next) return false;
      node = next;
    }
    delete (node as Record<string | number, unknown>)[path[path.length - 1] ?? ''];
    return true;
  };

  for (const path of invalid) {
    if (keepsMember(path)) continue;
    const leaf = leafOf(path);
    if (leaf && drop(leaf)) continue;
    const [top, a, b, c] = path;
    if (typeof top !== 'string') return null;
    if (LISTS.has(top) && path.length >= 2) {
      if (!hole(own<unknown[]>(root, top), a)) return null;
    } else if (MAPS.has(top) && path.length >= 2) {
      const map = own<Record<string, unknown>>(root, top);
      if (!map || typeof a !== 'string') return null;
      delete map[a];
    } else if (top === 'families' && path.length >= 2) {
      const families = own<unknown[]>(root, 'families');
      if (!families || typeof a !== 'number') return null;
      if (b === 'members' && typeof c === 'number' && families[a]) {
        const family = own<Record<string, unknown>>(families, a);
        if (!family || !hole(own<unknown[]>(family, 'members'), c)) return null;
      } else if (hole(families, a)) unknown.add('families');
      else return null;
    } else if (top === 'slotGroups' || (top === 'families' && path.length === 1)) {
      delete root[top];
      if (top === 'families') unknown.add(top);
    } else {
      // The site, a whole section of the wrong shape, a required section missing: nothing to expand.
      return null;
    }
  }
  for (const key of ['site', 'ui', 'folders', 'products', 'slots', 'pages'])
    if (!root[key] || typeof root[key] !== 'object') return null;
  return { input: root as LocalizedManifestInput, dropped, unknown };
}
