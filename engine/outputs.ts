import { atPrefix, pageAt, prefixOf } from './addresses.ts';
import type { Catalogue } from './model.ts';
import { pageLanguages } from './translations.ts';

/** Readable forms of the Catalogue for staff and crawlers. Pure: strings in, strings out. */

const xmlEscape = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const mdCell = (s: string): string => s.replace(/\|/g, '\\|');

/** Google's image sitemap extension: at most this many images per page URL. */
export const SITEMAP_IMAGES_PER_URL = 1000;

/**
 * The sitemap of the route table, every page at its address in each language it is published in,
 * with `xhtml:link` alternates (each of those languages and `x-default`, the same on each of them);
 * with `images` (absolute image URLs by default-language page path), each page's images as
 * `image:image` entries of Google's image extension.
 */
export function sitemapXml(c: Catalogue, images: Readonly<Record<string, readonly string[]>> = {}): string {
  const urls = c.sitemap.flatMap((e) => {
    const page = pageAt(c, e.path);
    const languages = page ? pageLanguages(c, page) : [c.language];
    const shown = (images[e.path] ?? []).slice(0, SITEMAP_IMAGES_PER_URL);
    const tags = shown.map((src) => `\n    <image:image><image:loc>${xmlEscape(src)}</image:loc></image:image>`);
    const loc = (language: string): string => `${c.site.baseUrl}${atPrefix(e.path, prefixOf(c, language))}`;
    const link = (hreflang: string, href: string): string =>
      `\n    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(href)}"/>`;
    const links =
      languages.length > 1 ? [...languages.map((l) => link(l, loc(l))), link('x-default', loc(c.language))] : [];
    const inner = [...links, ...tags];
    return languages.map(
      (l) => `  <url><loc>${xmlEscape(loc(l))}</loc>${inner.join('')}${inner.length ? '\n  ' : ''}</url>`,
    );
  });
  const ns = [
    ...(c.languages.length > 1 ? [' xmlns:xhtml="http://www.w3.org/1999/xhtml"'] : []),
    ...(Object.keys(images).length ? [' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'] : []),
  ].join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(c: Catalogue): string {
  const staff = c.pages.filter((p) => p.staff).map((p) => `Disallow: ${p.path}`);
  return ['User-agent: *', ...staff, 'Disallow: /api/', '', `Sitemap: ${c.site.baseUrl}/sitemap.xml`, ''].join('\n');
}

/** The route table as JSON-ready rows: path, kind, and the props the page template gets. */
export function routeTable(c: Catalogue): { path: string; kind: string; id: string; props: object }[] {
  return c.pages.map(({ path, kind, id, ...props }) => ({ path, kind, id, props }));
}

export function routeTableMarkdown(c: Catalogue): string {
  const rows = c.pages.map(
    (p) =>
      `| \`${mdCell(p.path)}\` | ${p.kind} | ${mdCell(p.heading)} | ${mdCell(p.folder ?? p.productType ?? '')} | ${p.staff ? 'staff' : ''} |`,
  );
  return ['| Path | Kind | Heading | Media | Access |', '|---|---|---|---|---|', ...rows, ''].join('\n');
}

/** The Drive folder checklist, one path a line, indented by depth. */
export function checklistText(c: Catalogue): string {
  return (
    c.folders.map((f) => `${'  '.repeat(f.depth)}${f.path}${f.driveId ? `  (id ${f.driveId})` : ''}`).join('\n') + '\n'
  );
}
