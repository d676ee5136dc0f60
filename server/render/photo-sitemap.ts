import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { captionOf, galleryTitle, photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import type { SourceContext } from '../../engine/shared/sources.ts';
import { gallerySource } from '../../engine/shared/sources.ts';
import { catalogueIn, kindOf, pageAt, pageLanguages, type TextKey } from '../../engine/index.ts';
import { fillText } from '../../engine/placeholders.ts';
import {
  addressesIn,
  SITEMAP_PATHS,
  sitemapIndexXml,
  URLSET_CLOSE,
  urlsetOpen,
  urlXml,
  type SitemapVideo,
} from '../../engine/sitemap.ts';
import { readForSitemap, type SitemapContext, type SitemapReading } from './sitemap.ts';

/** A gallery page of the sitemap whose listing the cache holds, with that listing. */
interface ListedGallery {
  readonly path: string;
  readonly sources: SourceContext;
  readonly items: readonly ApiMediaItem[];
}

/** The gallery at a sitemap path when its listing is cached and not empty (else it waits for one). */
function listedGallery(reading: SitemapReading, path: string): ListedGallery | null {
  const sources = reading.sources(path);
  if (!sources || !kindOf(sources.page.kind).gallery) return null;
  const source = gallerySource(sources);
  const items = source ? reading.cachedListing(source) : undefined;
  return items && items.length > 0 ? { path, sources, items } : null;
}

/**
 * `/sitemap-photos.xml`: an index of one sitemap per gallery whose listing is cached (a gallery no
 * visitor opened since the server started waits for one); null when there is none yet.
 */
export async function photosSitemapIndex(ctx: SitemapContext): Promise<string | null> {
  const reading = await readForSitemap(ctx);
  const { baseUrl } = ctx.catalogue.site;
  const locs: string[] = [];
  for (const e of ctx.catalogue.sitemap)
    if (listedGallery(reading, e.path)) locs.push(new URL(SITEMAP_PATHS.gallery(e.path), baseUrl).href);
  return locs.length > 0 ? sitemapIndexXml(locs) : null;
}

/** One gallery's photo pages (`SITEMAP_PATHS.gallery`), streamed; null when it has no such sitemap (now). */
export async function gallerySitemap(ctx: SitemapContext, sitemapPath: string): Promise<Iterable<string> | null> {
  const entry = ctx.catalogue.sitemap.find((e) => SITEMAP_PATHS.gallery(e.path) === sitemapPath);
  if (!entry) return null;
  const gallery = listedGallery(await readForSitemap(ctx), entry.path);
  return gallery ? photoUrlsXml(ctx, gallery) : null;
}

/** What a photo page is called in one language: the gallery's title there, its description, the ui texts. */
function placesOf(ctx: SitemapContext, gallery: ListedGallery, languages: readonly string[]) {
  const { page, vars } = gallery.sources;
  return languages.map((language) => {
    const read = catalogueIn(ctx.catalogue, language);
    const own = pageAt(read, gallery.path) ?? page;
    // An application's name and media type in this language, not the default language's.
    const owner = vars['type'] !== undefined ? read.products.find((p) => p.type === vars['type']) : undefined;
    const label = vars['mediaType'] !== undefined ? own.texts[vars['mediaType'] as TextKey] : undefined;
    const named = { ...vars, ...(owner ? { name: owner.name } : {}), ...(label ? { mediaTypeLabel: label } : {}) };
    const description = fillText(own.meta.description, named);
    return { gallery: galleryTitle(own, named), description, ui: read.ui, language };
  });
}

/**
 * Every photo page of a gallery in each language the gallery is published in, each with its alternates
 * (the same photo in each language and `x-default`), its image, and for a video a `video:video` entry
 * titled with its caption in that language.
 */
function* photoUrlsXml(ctx: SitemapContext, gallery: ListedGallery): Generator<string> {
  const c = ctx.catalogue;
  const absolute = (url: string): string => new URL(url, c.site.baseUrl).href;
  const languages = pageLanguages(c, gallery.sources.page);
  const places = placesOf(ctx, gallery, languages);
  const slugs = photoSlugs(gallery.items);
  yield urlsetOpen({ xhtml: languages.length > 1, image: true, video: true });
  for (const [i, item] of gallery.items.entries()) {
    const { at, alternates } = addressesIn(c, photoPath(gallery.path, slugs[i] ?? item.id), languages);
    for (const [k, [, loc]] of at.entries()) {
      const place = places[k] ?? places[0];
      const title = place ? captionOf(item, i + 1, place) : item.name;
      const video = videoOf(item, title, place?.description || title, absolute);
      const images = item.kind === 'image' ? [absolute(item.largeUrl ?? item.url)] : [];
      yield urlXml({ loc, alternates, images, videos: video ? [video] : [] });
    }
  }
  yield URLSET_CLOSE;
}

/** A video's `video:video` entry: its poster, its caption, the gallery's description, the file; none without a poster. */
function videoOf(
  item: ApiMediaItem,
  title: string,
  description: string,
  absolute: (url: string) => string,
): SitemapVideo | undefined {
  const thumbnail = item.posterUrl ?? item.thumbnailUrl;
  if (item.kind !== 'video' || !thumbnail) return undefined;
  return { thumbnail: absolute(thumbnail), title, description, content: absolute(item.url) };
}
