import { lookedUpFolders } from '../../engine/shared/shown-folders.ts';
import type { ApiMediaItem, ApiProduct, ApiSlotImages } from '../../engine/shared/api.ts';
import type { MediaSource } from '../../engine/shared/keys.ts';
import { folderCover } from '../../engine/shared/media.ts';
import { pagePictures } from '../../engine/shared/pictures.ts';
import type { SourceContext } from '../../engine/shared/sources.ts';
import { pageAt, pageLanguages, type Catalogue } from '../../engine/index.ts';
import {
  pageUrls,
  SITEMAP_MAX_URLS,
  SITEMAP_PATHS,
  sitemapIndexXml,
  URLSET_CLOSE,
  urlsetOpen,
  urlXml,
} from '../../engine/sitemap.ts';
import type { SiteData } from '../data/fetchers.ts';
import type { Matcher } from './match.ts';

/** What the sitemaps read: the default language's catalogue, its route matcher, the data layer. */
export interface SitemapContext {
  readonly catalogue: Catalogue;
  readonly data: SiteData;
  readonly matcher: Matcher;
}

/**
 * What one sitemap answer reads, once for all its pages: the product list and the slot map (asked once;
 * a failure leaves pictures out, never the pages), and folder listings only as the cache holds them:
 * a crawler never makes the store list every folder.
 */
export interface SitemapReading {
  readonly catalogue: Catalogue;
  /** A sitemap path's page and what decides which media it shows; null for a path with no page. */
  sources(path: string): SourceContext | null;
  /** A listing if the cache holds one (aggregates are not read here). */
  cachedListing(source: MediaSource): readonly ApiMediaItem[] | undefined;
  /** A slot's image URL: its upload, else its built-in default. */
  slotUrl(id: string): string | undefined;
}

export async function readForSitemap(ctx: SitemapContext): Promise<SitemapReading> {
  const { catalogue, data, matcher } = ctx;
  const [products, uploads, folders] = await Promise.all([
    data.products().catch((): ApiProduct[] => []),
    data.slotImages().catch((): ApiSlotImages => ({})),
    data.folderMap().catch((): ReadonlyMap<string, string | null> => new Map()),
  ]);
  const defaults = new Map(catalogue.slots.map((s) => [s.id, s.fallback] as const));
  return {
    catalogue,
    sources(path) {
      const m = matcher.match(path);
      if (!m || m.page.staff) return null;
      const folderIds = Object.fromEntries(lookedUpFolders(m.page).map((p) => [p, folders.get(p) ?? null]));
      return { page: m.page, vars: m.params, products, folderIds };
    },
    cachedListing: (source) => ('folderId' in source ? data.cachedFolderItems(source.folderId) : undefined),
    slotUrl: (id) => uploads[id]?.imageUrl ?? defaults.get(id),
  };
}

/**
 * The pictures a page shows (engine/shared/pictures.ts), as absolute URLs: slot images, folder covers,
 * and the photos of its cached listings at their large size (a video is no image; its poster no content).
 */
function pageImages(reading: SitemapReading, sources: SourceContext): string[] {
  const pictures = pagePictures(sources);
  const listing = (id: string) => reading.cachedListing({ folderId: id });
  const covers = pictures.covers.map((id) => {
    const items = listing(id);
    return items ? (folderCover(items).previewUrl ?? undefined) : undefined;
  });
  const photos = pictures.listings.flatMap((source) =>
    (reading.cachedListing(source) ?? []).flatMap((i) => (i.kind === 'image' ? [i.largeUrl ?? i.url] : [])),
  );
  const urls = [...pictures.slots.map(reading.slotUrl), ...covers, ...photos];
  const { baseUrl } = reading.catalogue.site;
  return [...new Set(urls.flatMap((u) => (u === undefined ? [] : [new URL(u, baseUrl).href])))];
}

/** Where each sitemap entry's URLs start among the pages' sitemap's (one per language), and how many there are. */
interface UrlOffsets {
  readonly starts: Uint32Array;
  readonly total: number;
}

// Counted once per catalogue: a part of a big sitemap starts at its first entry without counting the others.
const offsetsOf = new WeakMap<Catalogue, UrlOffsets>();

function urlOffsets(c: Catalogue): UrlOffsets {
  let offsets = offsetsOf.get(c);
  if (!offsets) {
    const starts = new Uint32Array(c.sitemap.length);
    let total = 0;
    for (const [i, e] of c.sitemap.entries()) {
      starts[i] = total;
      const page = pageAt(c, e.path);
      total += page ? pageLanguages(c, page).length : 1;
    }
    offsets = { starts, total };
    offsetsOf.set(c, offsets);
  }
  return offsets;
}

/** The pages' sitemap from its `first` URL on, at most `max` (a part of an index): each page's URLs with its images. */
function* pageUrlsXml(reading: SitemapReading, first = 0, max = SITEMAP_MAX_URLS): Generator<string> {
  const c = reading.catalogue;
  const { starts } = urlOffsets(c);
  yield urlsetOpen({ xhtml: c.languages.length > 1, image: true });
  // The entry whose URLs hold the `first` (the last that starts at or before it).
  let i = Math.max(
    0,
    starts.findLastIndex((start) => start <= first),
  );
  for (; i < c.sitemap.length && (starts[i] ?? 0) < first + max; i++) {
    const path = c.sitemap[i]?.path ?? '';
    const sources = reading.sources(path);
    const images = sources ? pageImages(reading, sources) : [];
    for (const [k, u] of pageUrls(c, path).entries()) {
      const n = (starts[i] ?? 0) + k;
      if (n >= first && n < first + max) yield urlXml({ ...u, images });
    }
  }
  yield URLSET_CLOSE;
}

/**
 * `/sitemap.xml`: every page of the route table in each of its languages with its images, as one
 * urlset up to SITEMAP_MAX_URLS, above it an index of parts (`pagesSitemapPart`). XML parts to stream.
 */
export async function pagesSitemap(ctx: SitemapContext): Promise<Iterable<string>> {
  const { total } = urlOffsets(ctx.catalogue);
  if (total <= SITEMAP_MAX_URLS) return pageUrlsXml(await readForSitemap(ctx));
  const parts = Array.from(
    { length: Math.ceil(total / SITEMAP_MAX_URLS) },
    (_, i) => new URL(SITEMAP_PATHS.pagesPart(i + 1), ctx.catalogue.site.baseUrl).href,
  );
  return [sitemapIndexXml(parts)];
}

/** The n-th part (from 1) of a pages' sitemap too big for one file; null when there is no such part. */
export async function pagesSitemapPart(ctx: SitemapContext, n: number): Promise<Iterable<string> | null> {
  const { total } = urlOffsets(ctx.catalogue);
  if (total <= SITEMAP_MAX_URLS || !Number.isInteger(n) || n < 1 || (n - 1) * SITEMAP_MAX_URLS >= total) return null;
  return pageUrlsXml(await readForSitemap(ctx), (n - 1) * SITEMAP_MAX_URLS);
}
