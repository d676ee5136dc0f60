import { problem, type Place, type Problem } from './errors.ts';
import type { Expanded } from './expand.ts';
import { kindOf } from './kinds.ts';
import type { Origin } from './families.ts';
import { unknowable, type Unread } from './partial.ts';
import type { Card, Catalogue, Page, Section } from './model.ts';
import { sectionOf } from './sections.ts';
import { compileRoute, isCatchAll, isPattern, patternsOverlap, type CompiledRoute } from './routes.ts';
import type { DataPath, ParsedManifest } from './source.ts';
import type { PageInput } from './types.ts';
import { suggest } from './suggest.ts';
import { unknownPlaceholders } from './placeholders.ts';

/** A place computed only when a problem needs it (finding places parses the YAML again). */
type Lazy = () => Place;

type PageOrigin = Origin<PageInput>;

type RefKind = 'product' | 'folder' | 'slot' | 'figure' | 'aggregate' | 'slot group' | 'family';

/** The checks of references and links, reporting into one list. */
interface Checks {
  readonly found: Problem[];
  readonly unread: Unread;
  /** An id that must be declared (a product, folder, slot, ...). */
  readonly ref: (what: RefKind, id: string | undefined, at: Lazy) => void;
  /** A site path that must be a route. */
  readonly link: (href: string | undefined, at: Lazy) => void;
}

/**
 * What a schema cannot check: routes, references, links, gallery texts. Every problem at once; a check
 * whose declarations may sit in a file that could not be read (`unread`, see partial.ts) is skipped.
 */
export function checkCatalogue(x: Expanded, m: ParsedManifest, unread: Unread = new Set()): Problem[] {
  const found: Problem[] = [];
  const { catalogue: c } = x;
  const place = (o: Origin<unknown>, sub?: DataPath): Place => m.locate(o.at(sub));
  const placeStr = (p: Place): string => `${p.file}:${p.line}:${p.col}`;

  uniqueIds('product', x.flat.products, (v) => v.id, found, place, placeStr);
  uniqueIds('slot', x.flat.slots, (v) => v.id, found, place, placeStr);
  uniqueIds('folder', x.flat.folders, (v) => v.path, found, place, placeStr);
  uniqueIds(
    'page',
    x.flat.pages.filter((o) => o.value.id),
    (v) => v.id ?? '',
    found,
    place,
    placeStr,
  );

  const routes = checkRoutes(c, x.pageOrigins, found, place, placeStr);
  const checks = referenceChecks(x, routes, unread, found);
  const { ref, link } = checks;

  x.flat.products.forEach((o) => {
    ref('folder', o.value.folder, () => place(o, ['folder']));
    link(o.value.href, () => place(o, ['href']));
  });
  x.flat.slots.forEach((o) => ref('slot group', o.value.group, () => place(o, ['group'])));
  c.site.nav.forEach((n, i) => link(n.href, () => m.locate(['site', 'nav', i, 'href'])));

  c.pages.forEach((page, i) => {
    const o = x.pageOrigins[i];
    if (!o || page.id.includes('@')) return;
    checkPage(page, o, (sub) => () => place(o, sub), checks, c);
  });
  return found;
}

/** Where each kind of id is declared (named in the problem's hint). */
const DECLARED: Record<RefKind, string> = {
  product: 'products',
  folder: 'folders',
  slot: 'slots',
  figure: 'figures',
  aggregate: 'aggregates',
  'slot group': 'slotGroups',
  family: 'families',
};

function referenceChecks(
  x: Expanded,
  routes: { statics: Set<string>; patterns: CompiledRoute[] },
  unread: Unread,
  found: Problem[],
): Checks {
  const { catalogue: c } = x;
  const ids: Record<RefKind, Set<string>> = {
    product: new Set(c.products.map((p) => p.id)),
    // Folders as declared (the checklist adds their parents, which are no folder of their own).
    folder: new Set(x.flat.folders.map((f) => f.value.path)),
    slot: new Set(c.slots.map((s) => s.id)),
    figure: new Set(Object.keys(c.figures)),
    aggregate: new Set(Object.keys(c.aggregates)),
    'slot group': new Set(c.slotGroups),
    family: new Set(x.flat.memberValues.keys()),
  };
  const ref = (what: RefKind, id: string | undefined, at: Lazy): void => {
    if (id === undefined || id.includes('{') || unknowable(unread, what)) return;
    if (ids[what].has(id)) return;
    const list = [...ids[what]];
    found.push(
      problem(
        'UnknownReference',
        { what, id, known: list, suggestion: suggest(id, list), section: DECLARED[what] },
        at(),
      ),
    );
  };
  const link = (href: string | undefined, at: Lazy): void => {
    if (!href || routes.statics.has(href) || href.includes('{') || !href.startsWith('/')) return;
    if (unknowable(unread, 'route')) return;
    const path = href.split(/[?#]/)[0] ?? href;
    if (routes.statics.has(path) || routes.patterns.some((r) => r.regex.test(path))) return;
    found.push(problem('BrokenLink', { href, suggestion: suggest(path, [...routes.statics]) }, at()));
  };
  return { found, unread, ref, link };
}

function checkPage(page: Page, o: PageOrigin, at: (sub: DataPath) => Lazy, checks: Checks, c: Catalogue): void {
  const { ref, link, found } = checks;
  ref('product', page.product, at(['product']));
  if (o.value.folder) ref('folder', o.value.folder, at(['folder']));
  ref('slot', page.hero?.slot, at(['hero', 'slot']));
  for (const [k, p] of Object.entries(o.value.params ?? {}))
    if (p.family) ref('family', p.family, at(['params', k, 'family']));
  page.breadcrumb.forEach((b, j) => link(b.href, at(['breadcrumb', j, 'href'])));
  link(page.back?.href, at(['back', 'href']));
  page.links.forEach((l, j) => link(l.href, at(['links', j, 'href'])));
  page.sections.forEach((s, j) => checkSection(s, (sub) => at(['sections', j, ...sub]), checks));
  if (!page.product || c.products.some((p) => p.id === page.product)) checkKindNeeds(page, at, found, checks.unread);
  for (const name of o.fromFamily ? [] : leftovers(o.value)) {
    found.push(problem('InvalidValue', { key: `{${name}}`, detail: 'is a placeholder that nothing fills' }, at([])()));
  }
}

/** A section's references, and what its type (the sections table) asks of its items. */
function checkSection(s: Section, at: (sub: DataPath) => Lazy, checks: Checks): void {
  const { ref, found } = checks;
  const { items, cardKeys = [] } = sectionOf(s.type);
  ref('product', s.product, at(['product']));
  ref('product', s.dialog?.product, at(['dialog', 'product']));
  ref('folder', s.dialog?.folder, at(['dialog', 'folder']));
  ref('aggregate', s.dialog?.aggregate, at(['dialog', 'aggregate']));
  s.items.forEach((item, k) => {
    if (typeof item === 'string') {
      if (items === 'figures') ref('figure', item, at(['items', k]));
      return;
    }
    checkCard(item, (sub) => at(['items', k, ...sub]), checks);
    for (const key of cardKeys) {
      if (!item[key]) found.push(problem('MissingKey', { key, where: `A ${s.type} card` }, at(['items', k])()));
    }
  });
}

function checkCard(card: Card, at: (sub: DataPath) => Lazy, { ref, link }: Checks): void {
  ref('product', card.product, at(['product']));
  ref('slot', card.slot, at(['slot']));
  ref('product', card.dialog?.product, at(['dialog', 'product']));
  ref('folder', card.dialog?.folder, at(['dialog', 'folder']));
  ref('aggregate', card.dialog?.aggregate, at(['dialog', 'aggregate']));
  link(card.href, at(['href']));
  card.links?.forEach((l, i) => link(l.href, at(['links', i, 'href'])));
}

function checkKindNeeds(page: Page, at: (sub: DataPath) => Lazy, found: Problem[], unread: Unread): void {
  const { gallery, texts } = kindOf(page.kind);
  for (const key of unknowable(unread, 'page text') ? [] : texts) {
    if (!page.texts[key])
      found.push(problem('MissingPageText', { path: page.path, kind: page.kind, key }, at(['texts'])()));
  }
  if (!gallery) return;
  if (gallery.source === 'product-type' ? !page.productType : !page.folder) {
    const needs = gallery.source === 'product-type' ? 'a productType' : 'a folder, or a product with a folder';
    found.push(problem('MissingMedia', { path: page.path, kind: page.kind, needs }, at([])()));
  }
}

function leftovers(value: unknown): string[] {
  if (typeof value === 'string') return unknownPlaceholders(value);
  if (Array.isArray(value)) return value.flatMap(leftovers);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leftovers);
  return [];
}

function uniqueIds<T>(
  what: string,
  list: readonly Origin<T>[],
  idOf: (v: T) => string,
  found: Problem[],
  place: (o: Origin<unknown>, sub?: DataPath) => Place,
  placeStr: (p: Place) => string,
): void {
  const first = new Map<string, Origin<T>>();
  for (const o of list) {
    const id = idOf(o.value);
    const prev = first.get(id);
    if (!prev) first.set(id, o);
    else found.push(problem('DuplicateId', { what, id, other: placeStr(place(prev)) }, place(o)));
  }
}

function firstMatch(paths: Iterable<string>, regex: RegExp): string | undefined {
  for (const p of paths) if (regex.test(p)) return p;
  return undefined;
}

function checkRoutes(
  c: Catalogue,
  origins: readonly Origin<unknown>[],
  found: Problem[],
  place: (o: Origin<unknown>, sub?: DataPath) => Place,
  placeStr: (p: Place) => string,
): { statics: Set<string>; patterns: CompiledRoute[] } {
  const byPath = new Map<string, number>();
  const patterns: { route: CompiledRoute; index: number }[] = [];
  c.pages.forEach((page, i) => {
    const o = origins[i];
    if (!o) return;
    const sub = page.id.includes('@') ? undefined : ['path'];
    const prev = byPath.get(page.path);
    if (prev !== undefined) {
      const po = origins[prev];
      found.push(
        problem('DuplicateRoute', { path: page.path, other: po ? placeStr(place(po, ['path'])) : '?' }, place(o, sub)),
      );
      return;
    }
    byPath.set(page.path, i);
    if (isPattern(page.path) && !isCatchAll(page.path)) patterns.push({ route: compileRoute(page.path), index: i });
  });
  const statics = new Set([...byPath.keys()].filter((p) => !isPattern(p)));
  for (const { route, index } of patterns) {
    const o = origins[index];
    if (!o) continue;
    const hit =
      firstMatch(statics, route.regex) ??
      patterns.find((q) => q.index < index && patternsOverlap(q.route.path, route.path))?.route.path;
    if (hit) {
      const hitOrigin = origins[byPath.get(hit) ?? -1];
      const otherAt = hitOrigin ? placeStr(place(hitOrigin, ['path'])) : '?';
      found.push(problem('RouteCollision', { path: route.path, other: hit, otherAt }, place(o, ['path'])));
    }
  }
  return { statics, patterns: patterns.map((p) => p.route) };
}
