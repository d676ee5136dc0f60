/**
 * The sitemap's XML, piece by piece, so that the server can stream a big catalogue's sitemap one URL at
 * a time and `sitemapXml` can join a small one: the sitemaps.org protocol with Google's image, video
 * and `xhtml:link` (hreflang) extensions. Pure: strings in, strings out.
 */

import { atPrefix, pageAt, prefixOf } from './addresses.ts';
import type { Catalogue } from './model.ts';
import { pageLanguages } from './translations.ts';

/** The protocol's bound on the URLs of one sitemap file (above it: a sitemap index). */
export const SITEMAP_MAX_URLS = 50_000;

/** Google's image sitemap extension: at most this many images per page URL. */
const SITEMAP_IMAGES_PER_URL = 1000;

/**
 * The sitemaps' addresses (at the site's root: a sitemap may only list URLs under its own folder).
 * `pages(n)` is the n-th part (from 1) of the pages' sitemap once it needs more than one file;
 * `gallery(path)` the photo pages of one gallery.
 */
export const SITEMAP_PATHS = {
  pages: '/sitemap.xml',
  pagesPart: (n: number): string => `/sitemap-pages-${n}.xml`,
  photos: '/sitemap-photos.xml',
  gallery: (galleryPath: string): string => `/sitemap-photos-${galleryPath.slice(1).replaceAll('/', '.')}.xml`,
} as const;

const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const NS = {
  xhtml: 'http://www.w3.org/1999/xhtml',
  image: 'http://www.google.com/schemas/sitemap-image/1.1',
  video: 'http://www.google.com/schemas/sitemap-video/1.1',
} as const;

/** Google's video extension: what one `video:video` entry says (absolute URLs). */
export interface SitemapVideo {
  readonly thumbnail: string;
  readonly title: string;
  readonly description: string;
  readonly content: string;
}

/** One `<url>`: its address, its alternates (hreflang -> absolute URL), its images and videos. */
export interface SitemapUrl {
  readonly loc: string;
  readonly alternates?: readonly (readonly [hreflang: string, href: string])[];
  readonly images?: readonly string[];
  readonly videos?: readonly SitemapVideo[];
}

/** The opening of a `urlset` declaring the extensions its URLs use. */
export function urlsetOpen(uses: {
  readonly xhtml?: boolean;
  readonly image?: boolean;
  readonly video?: boolean;
}): string {
  const ns = (['xhtml', 'image', 'video'] as const)
    .filter((k) => uses[k])
    .map((k) => ` xmlns:${k}="${NS[k]}"`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n`;
}

export const URLSET_CLOSE = '</urlset>\n';

const videoXml = (v: SitemapVideo): string =>
  `\n    <video:video><video:thumbnail_loc>${xmlEscape(v.thumbnail)}</video:thumbnail_loc>` +
  `<video:title>${xmlEscape(v.title.slice(0, 100))}</video:title>` +
  `<video:description>${xmlEscape(v.description.slice(0, 2048))}</video:description>` +
  `<video:content_loc>${xmlEscape(v.content)}</video:content_loc></video:video>`;

// The alternates' XML of a page, shared by its URLs in each language (a big sitemap makes it once a page).
const alternatesXml = new WeakMap<SitemapUrl['alternates'] & object, string>();

function linksXml(alternates: SitemapUrl['alternates']): string {
  if (!alternates || alternates.length === 0) return '';
  let xml = alternatesXml.get(alternates);
  if (xml === undefined) {
    xml = '';
    for (const [hreflang, href] of alternates)
      xml += `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(href)}"/>`;
    alternatesXml.set(alternates, xml);
  }
  return xml;
}

/** One `<url>` element and its line break. */
export function urlXml(u: SitemapUrl): string {
  let inner = linksXml(u.alternates);
  for (const src of (u.images ?? []).slice(0, SITEMAP_IMAGES_PER_URL))
    inner += `\n    <image:image><image:loc>${xmlEscape(src)}</image:loc></image:image>`;
  for (const v of u.videos ?? []) inner += videoXml(v);
  return `  <url><loc>${xmlEscape(u.loc)}</loc>${inner}${inner ? '\n  ' : ''}</url>\n`;
}

/** A sitemap index of absolute sitemap URLs. */
export function sitemapIndexXml(locs: readonly string[]): string {
  const entries = locs.map((loc) => `  <sitemap><loc>${xmlEscape(loc)}</loc></sitemap>\n`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}</sitemapindex>\n`;
}

/**
 * A default-language address in each of `languages`: `[language, absolute URL]`, and the alternates
 * every one of them carries (each language and `x-default`; none when there is only one language).
 */
export function addressesIn(
  c: Catalogue,
  path: string,
  languages: readonly string[],
): { at: (readonly [string, string])[]; alternates: (readonly [string, string])[] } {
  const at = languages.map((l) => [l, `${c.site.baseUrl}${atPrefix(path, prefixOf(c, l))}`] as const);
  const byDefault = `${c.site.baseUrl}${path}`;
  return { at, alternates: at.length > 1 ? [...at, ['x-default', byDefault] as const] : [] };
}

/** A page of the route table at its address in each language it is published in, with `images` on each. */
export function pageUrls(c: Catalogue, path: string, images: readonly string[] = []): SitemapUrl[] {
  const page = pageAt(c, path);
  const { at, alternates } = addressesIn(c, path, page ? pageLanguages(c, page) : [c.language]);
  return at.map(([, loc]) => ({ loc, alternates, images }));
}
