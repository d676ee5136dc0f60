/**
 * The addresses of every language: the default language keeps its paths, each further language has
 * its pages under its prefix (`/es/pergolas`, `/es` for the home page), with the same slugs. The site
 * in a language is its catalogue read in that language (translations.ts) with only the pages published
 * in it (the policy of `pageLanguages`), their paths under its prefix, and every link to a page
 * published in it pointing there (a link to a page that is not stays on the default language's
 * address). Routes, sitemap, hreflang alternates and the switcher all read these. Pure.
 */

import { kindOf } from './kinds.ts';
import type { Catalogue, Page } from './model.ts';
import { compileRoute, isCatchAll, isPattern, matchPath, type CompiledRoute } from './routes.ts';
import { splitPhotoPath } from './shared/captions.ts';
import { catalogueIn, pageLanguages, publishedLanguages } from './translations.ts';

/** The path prefix of a language's pages: none for the default language, `/es` for Spanish. */
export const prefixOf = (catalogue: Pick<Catalogue, 'languages'>, language: string): string =>
  language === catalogue.languages[0] ? '' : `/${language}`;

/** A default-language path at a prefix (`/` -> `/es`, `/pergolas` -> `/es/pergolas`). */
export const atPrefix = (path: string, prefix: string): string =>
  prefix && path === '/' ? prefix : `${prefix}${path}`;

/** The home page's address in the language a site is read in (`/`, `/es`). */
export const homeOf = (catalogue: Pick<Catalogue, 'languages' | 'language'>): string =>
  atPrefix('/', prefixOf(catalogue, catalogue.language));

/**
 * The language of a site path and the path in the default language: `/es/pergolas` -> es,
 * `/pergolas`. A path under no published further language's prefix is the default language's.
 */
export function languageOf(catalogue: Catalogue, path: string): { language: string; path: string } {
  for (const language of publishedLanguages(catalogue).slice(1)) {
    const prefix = prefixOf(catalogue, language);
    if (path === prefix) return { language, path: '/' };
    if (path.startsWith(`${prefix}/`)) return { language, path: path.slice(prefix.length) };
  }
  return { language: catalogue.languages[0] ?? 'en', path };
}

const routesOf = new WeakMap<Catalogue, { exact: Map<string, Page>; patterns: [CompiledRoute, Page][] }>();

/** The visitor page a default-language path leads to (a pattern's instance too); the catch-all aside. */
export function pageAt(catalogue: Catalogue, path: string): Page | undefined {
  let routes = routesOf.get(catalogue);
  if (!routes) {
    const exact = new Map<string, Page>();
    const patterns: [CompiledRoute, Page][] = [];
    for (const p of catalogue.pages) {
      if (p.staff || isCatchAll(p.path)) continue;
      if (isPattern(p.path)) patterns.push([compileRoute(p.path), p]);
      else if (!exact.has(p.path)) exact.set(p.path, p);
    }
    routes = { exact, patterns };
    routesOf.set(catalogue, routes);
  }
  const hit = routes.exact.get(path);
  if (hit) return hit;
  for (const [route, page] of routes.patterns) {
    try {
      if (matchPath(route, path)) return page;
    } catch {
      // A malformed escape leads nowhere.
    }
  }
  return undefined;
}

/**
 * A link of a page in `language`: to the address in that language when the page it leads to is
 * published there, else unchanged (the default language's page; the page marks it `hreflang`).
 */
export function linkIn(catalogue: Catalogue, language: string, href: string): string {
  const prefix = prefixOf(catalogue, language);
  if (!prefix || !href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const path = cut < 0 ? href : href.slice(0, cut);
  const rest = cut < 0 ? '' : href.slice(cut);
  const page = pageAt(catalogue, path);
  return page && pageLanguages(catalogue, page).includes(language) ? `${atPrefix(path, prefix)}${rest}` : href;
}

/** Keys whose string values are links to site pages; `alsoActiveOn` holds path prefixes. */
const LINK_KEYS = new Set(['href', 'consultationHref', 'canonical']);

function localizeLinks(value: unknown, link: (href: string) => string, prefix: string): unknown {
  if (Array.isArray(value)) return value.map((v) => localizeLinks(v, link, prefix));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (LINK_KEYS.has(k) && typeof v === 'string') out[k] = link(v);
    else if (k === 'alsoActiveOn' && Array.isArray(v)) out[k] = v.map((p: string) => `${prefix}${p}`);
    else out[k] = localizeLinks(v, link, prefix);
  }
  return out;
}

const sites = new WeakMap<Catalogue, Map<string, Catalogue>>();

/**
 * The site in `language`: the catalogue read in it, with only the pages published in it (the
 * not-found page among them) at their addresses in it, and every link to a page published in it
 * pointing there. The default language's site is the catalogue itself. Made once per catalogue.
 */
export function siteIn(catalogue: Catalogue, language: string): Catalogue {
  const prefix = prefixOf(catalogue, language);
  if (!prefix) return catalogue;
  const made = sites.get(catalogue) ?? new Map<string, Catalogue>();
  sites.set(catalogue, made);
  const hit = made.get(language);
  if (hit) return hit;
  const read = catalogueIn(catalogue, language);
  const published = (p: Page): boolean =>
    (isCatchAll(p.path) && kindOf(p.kind).status === 404) || pageLanguages(catalogue, p).includes(language);
  const link = (href: string): string => linkIn(catalogue, language, href);
  const pages = read.pages.filter(published).map((p) => ({
    ...(localizeLinks(p, link, prefix) as Page),
    path: isCatchAll(p.path) ? p.path : atPrefix(p.path, prefix),
  }));
  const site: Catalogue = {
    ...read,
    site: localizeLinks(read.site, link, prefix) as Catalogue['site'],
    pages,
    products: localizeLinks(read.products, link, prefix) as Catalogue['products'],
    sitemap: read.sitemap.flatMap((e) => {
      const page = pageAt(catalogue, e.path);
      if (!page || !pageLanguages(catalogue, page).includes(language)) return [];
      const path = atPrefix(e.path, prefix);
      return [{ path, loc: `${catalogue.site.baseUrl}${path}` }];
    }),
  };
  made.set(language, site);
  return site;
}

/** One language of the switcher: its code, its name in itself, and the page's address in it (none: not published). */
export interface Alternate {
  readonly language: string;
  readonly name: string;
  readonly href?: string;
}

const nativeName = (language: string): string => {
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
    return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
  } catch {
    return language;
  }
};

/**
 * Every language of the site for one page at a default-language path (a photo's address included):
 * the page's address in each language it is published in. A page with no route (a 404) has none.
 */
export function alternatesOf(catalogue: Catalogue, path: string): Alternate[] {
  const page = pageAt(catalogue, splitPhotoPath(path)?.gallery ?? path) ?? pageAt(catalogue, path);
  const languages = page ? pageLanguages(catalogue, page) : [];
  return publishedLanguages(catalogue).map((language) => ({
    language,
    name: nativeName(language),
    ...(languages.includes(language) ? { href: atPrefix(path, prefixOf(catalogue, language)) } : {}),
  }));
}
