import type { Catalogue } from './model.ts';

/** What an edit adds and removes, by kind: routes, products, folders, slots, sitemap entries. */
export interface CatalogueDiff {
  readonly parts: readonly { readonly what: DiffPart; readonly added: string[]; readonly removed: string[] }[];
  /** Nothing added or removed (texts may still differ). */
  readonly unchanged: boolean;
}

type DiffPart = 'pages' | 'products' | 'folders' | 'slots' | 'sitemap entries';

const PARTS: readonly [DiffPart, (c: Catalogue) => readonly string[]][] = [
  ['pages', (c) => c.pages.map((p) => p.path)],
  ['products', (c) => c.products.map((p) => p.id)],
  ['folders', (c) => c.folders.map((f) => f.path)],
  ['slots', (c) => c.slots.map((s) => s.id)],
  ['sitemap entries', (c) => c.sitemap.map((e) => e.path)],
];

/** What a diff compares of a catalogue: its lists of addresses and ids, small enough to send to a worker. */
export type CatalogueShape = Readonly<Record<DiffPart, readonly string[]>>;

/** The shape of a catalogue. Pure. */
export const shapeOf = (c: Catalogue): CatalogueShape =>
  Object.fromEntries(PARTS.map(([what, of]) => [what, of(c)])) as Record<DiffPart, string[]>;

/** Compares two catalogues (before, after). Pure. */
export function diffCatalogues(before: Catalogue, after: Catalogue): CatalogueDiff {
  return diffShapes(shapeOf(before), shapeOf(after));
}

/** Compares two catalogues by their shapes (before, after). Pure. */
export function diffShapes(before: CatalogueShape, after: CatalogueShape): CatalogueDiff {
  const parts = PARTS.map(([what]) => {
    const a = new Set(before[what]);
    const b = new Set(after[what]);
    return { what, added: [...b].filter((x) => !a.has(x)), removed: [...a].filter((x) => !b.has(x)) };
  });
  return { parts, unchanged: parts.every((p) => p.added.length === 0 && p.removed.length === 0) };
}

const ONE: Record<DiffPart, string> = {
  pages: 'page',
  products: 'product',
  folders: 'folder',
  slots: 'slot',
  'sitemap entries': 'sitemap entry',
};

const list = (xs: readonly string[], n = 6): string =>
  xs.length <= n ? xs.join(', ') : `${xs.slice(0, n).join(', ')}, ... (${xs.length - n} more)`;

/** One line per change, in the words content staff use: "adds 3 pages: /pergola-pool-side, ...". */
export function describeDiff(diff: CatalogueDiff): string[] {
  const out: string[] = [];
  for (const { what, added, removed } of diff.parts) {
    const name = (n: number): string => (n === 1 ? ONE[what] : what);
    if (added.length) out.push(`adds ${added.length} ${name(added.length)}: ${list(added)}`);
    if (removed.length) out.push(`removes ${removed.length} ${name(removed.length)}: ${list(removed)}`);
  }
  return out;
}
