import { kindOf } from '../../engine/index.ts';
import type { ApiFolderPreview, ApiMediaItem, ApiSlotImages, ApiProduct } from '../../engine/shared/api.ts';
import { filterProducts } from '../../engine/shared/products.ts';
import { keys } from '../../engine/shared/keys.ts';
import type { PagePayload } from '../../engine/shared/page.ts';
import { firstPaintMedia, gallerySource } from '../../engine/shared/sources.ts';
import { buildPayload, type PayloadContext } from './payload.ts';

/** A gallery's photos at their large size (videos are not images; their posters are no page content). */
async function galleryPhotos(ctx: PayloadContext, payload: PagePayload): Promise<string[]> {
  if (!kindOf(payload.page.kind).gallery || payload.status !== 200) return [];
  const products = (payload.fallback[keys.products] as ApiProduct[] | undefined) ?? [];
  const source = gallerySource({ page: payload.page, vars: payload.vars, products, folderIds: payload.folderIds });
  if (!source) return [];
  // The whole listing (the page itself carries only its first screenful), from the same cache.
  const items: ApiMediaItem[] = await (
    'folderId' in source ? ctx.data.folderItems(source.folderId) : ctx.data.aggregatedItems(source.aggregate)
  ).catch(() => []);
  return items.filter((i) => i.kind === 'image').map((i) => i.largeUrl ?? i.url);
}

/** The pictures a page shows besides its gallery: hero, card slots, product card and intro pictures. */
function pagePictures(ctx: PayloadContext, payload: PagePayload): string[] {
  const { page, fallback } = payload;
  const uploaded = (fallback[keys.slotImages] as ApiSlotImages | undefined) ?? {};
  const slotUrl = (id: string): string | undefined =>
    uploaded[id]?.imageUrl ?? ctx.catalogue.slots.find((s) => s.id === id)?.fallback;
  const products = (fallback[keys.products] as ApiProduct[] | undefined) ?? [];
  const slots = new Set<string>();
  if (page.hero?.slot) slots.add(page.hero.slot);
  for (const s of page.sections) {
    for (const item of s.items) if (typeof item !== 'string' && item.slot) slots.add(item.slot);
    if (s.type === 'product-cards')
      for (const p of filterProducts(products, s.filter)) if (slotUrl(p.id) !== undefined) slots.add(p.id);
  }
  const sources = { page, vars: payload.vars, products, folderIds: payload.folderIds };
  const shown = firstPaintMedia(sources);
  const folderPictures = [...shown.previews, ...shown.pictures].map(
    (id) => (fallback[keys.folderPreview(id)] as ApiFolderPreview | undefined)?.previewUrl ?? undefined,
  );
  return [...[...slots].map(slotUrl), ...folderPictures].filter((u): u is string => u !== undefined);
}

/**
 * The images each page of the sitemap shows, as absolute URLs by page path: its hero, the pictures of
 * its cards and intros, and every photo of a gallery. Read through the cached listings; a page whose
 * data fails simply lists no images.
 */
export async function sitemapImages(ctx: PayloadContext): Promise<Record<string, string[]>> {
  const absolute = (url: string): string => new URL(url, ctx.catalogue.site.baseUrl).href;
  const quiet = { ...ctx, onError: () => undefined };
  const entries = await Promise.all(
    ctx.catalogue.sitemap.map(async (entry): Promise<[string, string[]]> => {
      const payload = await buildPayload(quiet, entry.path).catch(() => null);
      if (!payload || payload.type !== 'page') return [entry.path, []];
      const shown = [...pagePictures(ctx, payload), ...(await galleryPhotos(ctx, payload))];
      return [entry.path, [...new Set(shown.map(absolute))]];
    }),
  );
  return Object.fromEntries(entries.filter(([, images]) => images.length > 0));
}
