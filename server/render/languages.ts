import { alternatesOf, languageOf, pageAt, pageLanguages, type Catalogue } from '../../engine/index.ts';
import type { ApiProduct } from '../../engine/shared/api.ts';
import type { Head, PagePayload, RoutePayload } from '../../engine/shared/page.ts';
import { photoPath } from '../../engine/shared/captions.ts';

/**
 * A page's languages, added to its payload: the switcher's entries (the address asked for, a photo's
 * included, in each language it is published in), the head's `hreflang` alternates with `x-default`
 * (a page that answers 200 only: those of its canonical address, so that an alias points both at its
 * target), and, on a further language's 404 for a page published in the default language only, that
 * page's address (the not-found page links it).
 */
export function withLanguages(catalogue: Catalogue, payload: RoutePayload | null): RoutePayload | null {
  if (!payload || payload.type !== 'page') return payload;
  const { language, path } = languageOf(catalogue, addressOf(payload));
  const alternates = alternatesOf(catalogue, path);
  const canonical = payload.status === 200 ? payload.head.canonical : undefined;
  const head = canonical ? { ...payload.head, alternates: hreflangOf(catalogue, canonical) } : payload.head;
  const page = payload.status === 404 ? pageAt(catalogue, path) : undefined;
  const elsewhere = page && !pageLanguages(catalogue, page).includes(language) ? path : undefined;
  return { ...payload, head, alternates, ...(elsewhere ? { elsewhere } : {}) } satisfies PagePayload;
}

/** The address a payload answers: a photo's own (its payload's path is its gallery's). */
const addressOf = (payload: PagePayload): string =>
  payload.photo ? photoPath(payload.path, payload.photo.slug) : payload.path;

/** The `hreflang` links of a canonical URL: its page in each language it is published in, and `x-default`. */
function hreflangOf(catalogue: Catalogue, canonical: string): Head['alternates'] {
  const { baseUrl } = catalogue.site;
  const { path } = languageOf(catalogue, canonical.slice(baseUrl.length) || '/');
  return [
    ...alternatesOf(catalogue, path).flatMap((a) =>
      a.href ? [{ hreflang: a.language, href: `${baseUrl}${a.href}` }] : [],
    ),
    { hreflang: 'x-default', href: `${baseUrl}${path}` },
  ];
}

/**
 * The product list read in the page's language: names, descriptions and features from the catalogue
 * read in it (the list the API answers is the default language's, with the folders' ids).
 */
export function productsIn(catalogue: Catalogue, products: readonly ApiProduct[]): ApiProduct[] {
  if (catalogue.language === catalogue.languages[0]) return [...products];
  const read = new Map(catalogue.products.map((p) => [p.id, p]));
  return products.map((p) => {
    const own = read.get(p.id);
    return own
      ? {
          ...p,
          name: own.name,
          description: own.description,
          features: own.features,
          ...(own.href ? { href: own.href } : {}),
        }
      : p;
  });
}

/**
 * Marks each link of a further language's page to a page of the default language (one not published
 * in it) `hreflang`, so readers and crawlers know it leads to another language. Links to files
 * (media, downloads) are no pages and stay as they are.
 */
export function markDefaultLanguageLinks(catalogue: Catalogue, language: string, html: string): string {
  const first = catalogue.languages[0] ?? 'en';
  if (language === first) return html;
  const prefix = `/${language}`;
  return html.replace(/<a\b[^>]*>/g, (tag: string) => {
    const href = /\shref="(\/[^"]*)"/.exec(tag)?.[1];
    if (!href || /\shreflang=/i.test(tag) || href === prefix || href.startsWith(`${prefix}/`) || href.startsWith('//'))
      return tag;
    return pageAt(catalogue, href.replace(/[?#].*$/, '')) ? `<a hreflang="${first}"${tag.slice(2)}` : tag;
  });
}
