import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { expect } from 'vitest';

/**
 * Test support: sitemaps read as a crawler reads them, with a strict XML parser (any well-formedness
 * or namespace error fails), by their namespaces, not by the look of their text.
 */

export const NS = {
  sitemap: 'http://www.sitemaps.org/schemas/sitemap/0.9',
  xhtml: 'http://www.w3.org/1999/xhtml',
  image: 'http://www.google.com/schemas/sitemap-image/1.1',
  video: 'http://www.google.com/schemas/sitemap-video/1.1',
} as const;

export interface SitemapVideoEntry {
  readonly thumbnail: string;
  readonly title: string;
  readonly description: string;
  readonly content: string;
}

export interface SitemapEntry {
  readonly loc: string;
  /** hreflang -> href */
  readonly alternates: Readonly<Record<string, string>>;
  readonly images: readonly string[];
  readonly videos: readonly SitemapVideoEntry[];
}

export function parseXml(text: string): Document {
  return new DOMParser({
    onError: (level, message) => {
      throw new Error(`XML ${level}: ${message}`);
    },
  }).parseFromString(text, 'application/xml');
}

const children = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.childNodes).filter(
    (n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name,
  );

const textOf = (parent: Element, ns: string, name: string): string => children(parent, ns, name)[0]?.textContent ?? '';

/** A `urlset`'s URLs; fails unless its root is the protocol's `urlset`. */
export function urlsOf(text: string): SitemapEntry[] {
  const root = parseXml(text).documentElement as Element;
  expect([root.namespaceURI, root.localName]).toEqual([NS.sitemap, 'urlset']);
  return children(root, NS.sitemap, 'url').map((url) => ({
    loc: textOf(url, NS.sitemap, 'loc'),
    alternates: Object.fromEntries(
      children(url, NS.xhtml, 'link').map((l) => [l.getAttribute('hreflang') ?? '', l.getAttribute('href') ?? '']),
    ),
    images: children(url, NS.image, 'image').map((i) => textOf(i, NS.image, 'loc')),
    videos: children(url, NS.video, 'video').map((v) => ({
      thumbnail: textOf(v, NS.video, 'thumbnail_loc'),
      title: textOf(v, NS.video, 'title'),
      description: textOf(v, NS.video, 'description'),
      content: textOf(v, NS.video, 'content_loc'),
    })),
  }));
}

/** A `sitemapindex`'s sitemap URLs; fails unless its root is the protocol's `sitemapindex`. */
export function sitemapsOf(text: string): string[] {
  const root = parseXml(text).documentElement as Element;
  expect([root.namespaceURI, root.localName]).toEqual([NS.sitemap, 'sitemapindex']);
  return children(root, NS.sitemap, 'sitemap').map((s) => textOf(s, NS.sitemap, 'loc'));
}

/**
 * Each URL listed once; each with alternates that name itself, and each alternate (but `x-default`)
 * listed with the very same alternates: reciprocal, at the same granularity.
 */
export function expectReciprocal(urls: readonly SitemapEntry[]): void {
  const byLoc = new Map(urls.map((u) => [u.loc, u]));
  expect(byLoc.size, 'a URL listed twice').toBe(urls.length);
  for (const u of urls) {
    if (Object.keys(u.alternates).length === 0) continue;
    expect(Object.values(u.alternates), u.loc).toContain(u.loc);
    expect(u.alternates['x-default'], u.loc).toBeDefined();
    for (const [hreflang, href] of Object.entries(u.alternates)) {
      if (hreflang === 'x-default') continue;
      expect(byLoc.get(href)?.alternates, `${u.loc} -> ${href}`).toEqual(u.alternates);
    }
  }
}
