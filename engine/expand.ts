import { problem, type Problem } from './errors.ts';
import { flatten, type Flattened, type Origin } from './families.ts';
import { folderTree } from './folders.ts';
import { languagesOf } from './localize.ts';
import { isStaffKind, kindOf } from './kinds.ts';
import type { Catalogue, Card, Page, Product, Section, SitemapEntry, Slot } from './model.ts';
import { compileRoute, instances, isCatchAll, isPattern } from './routes.ts';
import type { DataPath, ParsedManifest } from './source.ts';
import type { Texts } from './texts.ts';
import type { ManifestInput, PageInput, SectionInput } from './types.ts';

/** What expansion yields: the Catalogue, and where each of its parts came from (for the checks). */
export interface Expanded {
  readonly catalogue: Catalogue;
  readonly flat: Flattened;
  /** Origins of the resolved pages, same order as catalogue.pages. */
  readonly pageOrigins: readonly Origin<PageInput>[];
}

/** Expands a schema-valid manifest into the Catalogue. Pure and deterministic. */
export function expand(input: ManifestInput, m: ParsedManifest, found: Problem[]): Expanded {
  const flat = flatten(input, m, found);
  const products = flat.products.map(({ value: p }) => resolveProduct(p));
  const productById = new Map(products.map((p) => [p.id, p]));
  const folders = folderTree(flat.folders.map((f) => f.value));
  const pages: Page[] = [];
  const pageOrigins: Origin<PageInput>[] = [];
  for (const origin of flat.pages) {
    const page = resolvePage(origin.value, input, productById, flat, (param) => {
      found.push(problem('UnknownParamSource', { param, path: origin.value.path }, m.locate(origin.at(['params']))));
    });
    pages.push(page);
    pageOrigins.push(origin);
    for (const alias of origin.value.aliases ?? []) {
      pages.push({ ...page, id: `${page.id}@${alias}`, path: alias, sitemap: false });
      pageOrigins.push({ ...origin, at: (sub?: DataPath) => origin.at(sub ?? ['aliases']) });
    }
  }
  const aggregates: Record<string, string[]> = {};
  // The checklist is depth first: a folder has children exactly when the next path lies inside it.
  const leaves = folders.filter((f, i) => !folders[i + 1]?.path.startsWith(`${f.path}/`)).map((f) => f.path);
  for (const [type, { under }] of Object.entries(input.aggregates ?? {})) {
    aggregates[type] = leaves.filter((p) => p.startsWith(`${under}/`));
  }
  const languages = languagesOf(input);
  const catalogue: Catalogue = {
    site: {
      ...input.site,
      meta: { titleTemplate: '{title}', ...input.site.meta },
      nav: input.site.nav.map((n) => ({
        label: n.label,
        href: n.href,
        match: n.match ?? (n.href === '/' ? 'exact' : 'prefix'),
        alsoActiveOn: n.alsoActiveOn ?? [],
      })),
    },
    ui: input.ui,
    figures: input.figures ?? {},
    pages,
    products,
    folders,
    aggregates,
    slotGroups: input.slotGroups ?? [...new Set(flat.slots.map((s) => s.value.group))],
    slots: flat.slots.map(({ value }): Slot => ({ ...value })),
    sitemap: sitemap(pages, input.site.baseUrl),
    // Messages and further languages are added by the pipeline (engine/index.ts, translations.ts).
    language: languages[0] ?? 'en',
    languages,
    messages: {},
    translations: {},
  };
  return { catalogue, flat, pageOrigins };
}

function resolveProduct(p: ManifestInput['products'][number]): Product {
  return { description: '', ...p, features: Array.isArray(p.features) ? p.features : [] };
}

function resolvePage(
  p: PageInput,
  input: ManifestInput,
  productById: ReadonlyMap<string, Product>,
  flat: Flattened,
  noParamSource: (param: string) => void,
): Page {
  const heading = p.heading ?? '';
  const staff = isStaffKind(p.kind);
  const title = p.meta?.title ?? (heading || input.site.meta.title);
  const template = input.site.meta.titleTemplate ?? '{title}';
  const params: Record<string, readonly string[]> = {};
  if (isPattern(p.path) && !isCatchAll(p.path)) {
    for (const key of compileRoute(p.path).keys) {
      const src = p.params?.[key];
      const values =
        src?.values ?? (src?.family ? flat.memberValues.get(src.family)?.get(src.var ?? 'slug') : undefined);
      if (values) params[key] = values;
      else noParamSource(key);
    }
  }
  const folder = p.folder ?? (p.product ? productById.get(p.product)?.folder : undefined);
  return {
    id: p.id ?? (p.path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'),
    path: p.path,
    kind: p.kind,
    heading,
    ...(p.intro !== undefined ? { intro: p.intro } : {}),
    breadcrumb: p.breadcrumb ?? [],
    ...(p.back ? { back: p.back } : {}),
    meta: {
      title: p.path === '/' && !p.meta?.title ? input.site.meta.title : template.replace('{title}', title),
      description: p.meta?.description ?? p.intro ?? input.site.meta.description,
      canonical: p.meta?.canonical ?? p.path,
    },
    ...(p.hero ? { hero: p.hero } : {}),
    ...(p.product !== undefined ? { product: p.product } : {}),
    ...(folder !== undefined ? { folder } : {}),
    ...(p.productType ? { productType: p.productType } : {}),
    params,
    texts: { ...(input.pageDefaults?.[p.kind] ?? {}), ...(p.texts ?? {}) } as Texts,
    links: p.links ?? [],
    sections: (p.sections ?? []).map(resolveSection),
    sitemap: p.sitemap ?? (!staff && kindOf(p.kind).status === 200),
    staff,
  };
}

function resolveSection(s: SectionInput): Section {
  const { items, icons, texts, ...rest } = s;
  // Texts: FromSchema types the keys the schema lists beside a referenced rest as unknown; each is a string.
  return { ...rest, items: (items ?? []) as (string | Card)[], icons: icons ?? {}, texts: (texts ?? {}) as Texts };
}

function sitemap(pages: readonly Page[], baseUrl: string): SitemapEntry[] {
  const out: SitemapEntry[] = [];
  for (const page of pages) {
    if (!page.sitemap) continue;
    const paths = isPattern(page.path) ? instances(page.path, page.params) : [page.path];
    for (const path of paths) out.push({ path, loc: `${baseUrl}${path}` });
  }
  return out;
}
