import type { Catalogue } from './model.ts';
import { pageUrls, SITEMAP_PATHS, URLSET_CLOSE, urlsetOpen, urlXml } from './sitemap.ts';

/** Readable forms of the Catalogue for staff and crawlers. Pure: strings in, strings out. */

const mdCell = (s: string): string => s.replace(/\|/g, '\\|');

/**
 * The sitemap of the route table, every page at its address in each language it is published in,
 * with `xhtml:link` alternates (each of those languages and `x-default`, the same on each of them);
 * with `images` (absolute image URLs by default-language page path), each page's images as
 * `image:image` entries of Google's image extension. (The server streams the same URLs, engine/sitemap.ts.)
 */
export function sitemapXml(c: Catalogue, images: Readonly<Record<string, readonly string[]>> = {}): string {
  const urls = c.sitemap.flatMap((e) => pageUrls(c, e.path, images[e.path]));
  const open = urlsetOpen({ xhtml: c.languages.length > 1, image: Object.keys(images).length > 0 });
  return `${open}${urls.map(urlXml).join('')}${URLSET_CLOSE}`;
}

export function robotsTxt(c: Catalogue): string {
  const staff = c.pages.filter((p) => p.staff).map((p) => `Disallow: ${p.path}`);
  const sitemaps = [SITEMAP_PATHS.pages, SITEMAP_PATHS.photos].map((p) => `Sitemap: ${c.site.baseUrl}${p}`);
  return ['User-agent: *', ...staff, 'Disallow: /api/', '', ...sitemaps, ''].join('\n');
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
