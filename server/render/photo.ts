import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { homeOf, kindOf } from '../../engine/index.ts';
import { captionOf, galleryTitle, photoPath, photoSlugs, splitPhotoPath } from '../../engine/shared/captions.ts';
import { dataValue, sourceData } from '../../engine/shared/keys.ts';
import type { PagePayload, RoutePayload } from '../../engine/shared/page.ts';
import { gallerySource } from '../../engine/shared/sources.ts';
import { fetchData } from '../data/fetchers.ts';
import { ogImageUrl } from '../data/media-items.ts';
import { buildPayload, type PayloadContext } from './payload.ts';

/** The items a gallery payload shows (from its server-fetched data); undefined when it is no gallery. */
export function galleryItems(payload: PagePayload): readonly ApiMediaItem[] | undefined {
  if (!kindOf(payload.page.kind).gallery) return undefined;
  const products = dataValue(payload.fallback, 'products') ?? [];
  const source = gallerySource({ page: payload.page, vars: payload.vars, products, folderIds: payload.folderIds });
  return source ? dataValue(payload.fallback, ...sourceData(source)) : undefined;
}

/**
 * A gallery's whole listing, from the same cache: a big gallery's payload carries only its first
 * screenful, and a photo further on has its own address too. What the payload has if that fails.
 */
async function wholeGallery(ctx: PayloadContext, payload: PagePayload): Promise<readonly ApiMediaItem[] | undefined> {
  const shown = galleryItems(payload);
  if (!shown || !payload.partial) return shown;
  const products = dataValue(payload.fallback, 'products') ?? [];
  const source = gallerySource({ page: payload.page, vars: payload.vars, products, folderIds: payload.folderIds });
  return source ? fetchData(ctx.data, ...sourceData(source)).catch(() => shown) : shown;
}

/**
 * Every page has an `og:image`: its hero, else its gallery's first photo (1200x630), else the home
 * page's hero image.
 */
function withImage(ctx: PayloadContext, payload: RoutePayload | null): RoutePayload | null {
  if (!payload || payload.type !== 'page' || payload.head.image) return payload;
  const first = payload.status === 200 ? galleryItems(payload)?.[0] : undefined;
  const home = ctx.catalogue.pages.find((p) => p.path === homeOf(ctx.catalogue))?.hero?.slot;
  const fallback = ctx.catalogue.slots.find((s) => s.id === home)?.fallback;
  const image = (first && ogImageUrl(first)) ?? fallback;
  if (!image) return payload;
  return { ...payload, head: { ...payload.head, image: new URL(image, ctx.catalogue.site.baseUrl).href } };
}

/**
 * The payload of any visitor path, photo addresses included: `<gallery>/photo/<slug>` is the
 * gallery's page with the viewer open on that item, with its own title, canonical URL and a
 * 1200x630 `og:image`. A slug the gallery does not have answers 404 (the page links to the gallery).
 */
export async function buildRoutePayload(ctx: PayloadContext, path: string): Promise<RoutePayload | null> {
  const split = splitPhotoPath(path);
  if (!split) return withImage(ctx, await buildPayload(ctx, path));
  const payload = await buildPayload(ctx, split.gallery);
  const items = payload?.type === 'page' && payload.status === 200 ? await wholeGallery(ctx, payload) : undefined;
  // Not a gallery (or one that failed to load): the path is whatever the route table says it is.
  if (!payload || payload.type !== 'page' || !items) return withImage(ctx, await buildPayload(ctx, path));
  const index = photoSlugs(items).indexOf(split.slug);
  const item = items[index];
  if (!item) {
    // Nothing of the gallery is painted: no image to preload; nothing to index: no canonical.
    const { title, description } = payload.head;
    return {
      ...payload,
      status: 404,
      photo: { slug: split.slug, found: false },
      head: { title, description },
    };
  }
  const { baseUrl } = ctx.catalogue.site;
  const image = ogImageUrl(item);
  const caption = captionOf(item, index + 1, {
    gallery: galleryTitle(payload.page, payload.vars),
    ui: ctx.catalogue.ui,
    language: ctx.catalogue.language,
  });
  return {
    ...payload,
    photo: { slug: split.slug, found: true },
    head: {
      ...payload.head,
      title: `${caption} | ${payload.head.title}`,
      canonical: `${baseUrl}${photoPath(split.gallery, split.slug)}`,
      ...(image ? { image: new URL(image, baseUrl).href } : {}),
    },
  };
}
