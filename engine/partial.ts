import { manifestSchema } from './schema.ts';

/**
 * A manifest with a file that cannot be read (broken YAML, not a mapping) is still checked, on what
 * the other files declare. What the unreadable file declares is unknown: each top-level section that
 * no readable file declares may be in it, so it counts as empty for expansion and is never reported
 * missing, and the checks that need its declarations (references to its ids, links to its routes)
 * are skipped. A section declared a second time in another file is ignored there; it counts alike.
 */
export type Unread = ReadonlySet<string>;

/** The sections an unreadable file (if any) may declare, and those whose second declaration was ignored. */
export function unreadSections(
  data: Readonly<Record<string, unknown>>,
  someFileUnreadable: boolean,
  ignored: readonly string[],
): Unread {
  const absent = someFileUnreadable
    ? Object.keys(manifestSchema.properties).filter((k) => !Object.hasOwn(data, k))
    : [];
  return new Set([...absent, ...ignored]);
}

/** What the required sections are taken to be while unread: empty. */
const EMPTY: Readonly<Record<string, unknown>> = {
  site: { name: '', baseUrl: '', claims: [], nav: [], meta: { title: '', description: '' } },
  ui: {},
  folders: [],
  products: [],
  slots: [],
  pages: [],
};

/** `data` with each unread required section that is absent taken as empty (the data is not changed). */
export function withEmptySections(data: Readonly<Record<string, unknown>>, unread: Unread): Record<string, unknown> {
  const out = { ...data };
  for (const key of unread) if (!Object.hasOwn(out, key) && EMPTY[key]) out[key] = EMPTY[key];
  return out;
}

/** Where the ids a check needs are declared: families add products, folders, slots and routes. */
const DECLARED_IN = {
  product: ['products', 'families'],
  folder: ['folders', 'families'],
  slot: ['slots', 'families'],
  figure: ['figures'],
  aggregate: ['aggregates'],
  'slot group': ['slotGroups', 'slots', 'families'],
  family: ['families'],
  route: ['pages', 'families'],
  'page text': ['pageDefaults'],
} as const;

export type Declared = keyof typeof DECLARED_IN;

/** True when some of the declarations of `what` may sit in a file that could not be read: skip its check. */
export const unknowable = (unread: Unread, what: Declared): boolean => DECLARED_IN[what].some((k) => unread.has(k));
