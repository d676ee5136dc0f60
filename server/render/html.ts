import type { Head, PagePayload, PreloadImage, Rendered, Shell } from '../../engine/shared/page.ts';
import { jsonForScript } from '../../engine/shared/page.ts';
import { UI_TEXTS_ID } from '../../engine/shared/islands.ts';
import type { PageAssets } from './assets.ts';
import { BOOT_SCRIPT } from './boot.ts';
import { FAVICON_SVG } from '../middleware/favicon.ts';
import { SPECULATION_RULES } from './speculation.ts';

/** The largest paint, fetched early with the same `srcset` and `sizes` as its `<img>` (one download). */
const preloadLink = ({ href, srcSet, sizes }: PreloadImage): string =>
  `<link rel="preload" as="image" href="${escapeHtml(href)}"` +
  (srcSet ? ` imagesrcset="${escapeHtml(srcSet)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"` : '') +
  ' fetchpriority="high">';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// The site's icon inline, so that browsers do not ask for /favicon.ico (a 404 in the console); percent-encoded
// whole, since a URL holds no spaces.
const FAVICON = `data:image/svg+xml,${encodeURIComponent(FAVICON_SVG)}`;

function headTags(head: Head, siteName: string, assets: PageAssets | null): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  return [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // First: its image handler must be listening before the body's images can fail.
    `<script>${BOOT_SCRIPT}</script>`,
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.canonical ? [`<link rel="canonical" href="${escapeHtml(head.canonical)}">`] : []),
    ...(head.alternates ?? []).map(
      (a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}">`,
    ),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(head.canonical ? [meta('property', 'og:url', head.canonical)] : []),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'theme-color', '#17465f'),
    `<link rel="icon" href="${FAVICON}">`,
    // Before the scripts: the largest paint must not queue behind them for a connection.
    ...(head.preloadImage ? [preloadLink(head.preloadImage)] : []),
    ...(assets?.css ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(assets
      ? [
          `<meta name="app-scripts" data-when="${assets.when}" content="${escapeHtml(
            [assets.entry, ...assets.preload.filter((h) => h !== assets.entry)].join(' '),
          )}"${assets.idle.length > 0 ? ` data-idle="${escapeHtml(assets.idle.join(' '))}"` : ''}>`,
        ]
      : []),
    `<script type="speculationrules">${SPECULATION_RULES}</script>`,
  ].join('');
}

/**
 * The whole HTML document of a page: head tags, CSS, the rendered page with its islands, and when it
 * has islands the `ui` texts they share and the boot script's list of their modules.
 */
export function documentHtml(args: {
  readonly shell: Shell;
  readonly payload: PagePayload;
  readonly rendered: Rendered;
  readonly assets: PageAssets | null;
  /** schema.org JSON-LD documents of the page. */
  readonly jsonLd?: readonly object[];
  /** The `<meta name="vitals">` the boot script reads after the load event (vitals-meta.ts), if any. */
  readonly vitals?: string;
}): string {
  const { shell, payload, rendered, assets } = args;
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(shell.language)}"><head>`,
    headTags(payload.head, shell.site.name, assets),
    args.vitals ?? '',
    ...(args.jsonLd ?? []).map((doc) => `<script type="application/ld+json">${jsonForScript(doc)}</script>`),
    `<style id="stitches">${rendered.css}</style>`,
    '</head><body>',
    rendered.html,
    rendered.islands.length > 0
      ? `<script type="application/json" id="${UI_TEXTS_ID}">${jsonForScript(shell.ui)}</script>`
      : '',
    '</body></html>',
  ].join('');
}
