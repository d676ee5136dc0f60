import { cardsOf, kindOf, showsProductCards } from '../../engine/index.ts';
import { filterProducts } from '../../engine/shared/products.ts';
import { dataValue, sourceData, sourceKey, type MediaSource } from '../../engine/shared/keys.ts';
import type { PagePayload } from '../../engine/shared/page.ts';
import { pageFolders } from '../../engine/shared/shown-folders.ts';
import { firstPaintMedia, gallerySource } from '../../engine/shared/sources.ts';
import { fetchData } from '../data/fetchers.ts';
import { buildPayload, type PayloadContext } from './payload.ts';

/**
 * The listings whose photos a page shows: its gallery's, and those of the folders its gallery dialogs
 * show (pageFolders: a section's dialog or a card's), each once.
 */
function shownListings(payload: PagePayload): MediaSource[] {
  const { page, vars, folderIds } = payload;
  const products = dataValue(payload.fallback, 'products') ?? [];
  const gallery = kindOf(page.kind).gallery ? gallerySource({ page, vars, products, folderIds }) : null;
  const dialogs = pageFolders(page).flatMap((f) => {
    const id = f.by === 'dialog' ? folderIds[f.path] : null;
    return id ? [{ folderId: id }] : [];
  });
  const all = [...(gallery ? [gallery] : []), ...dialogs];
  return all.filter((s, i) => all.findIndex((t) => sourceKey(t) === sourceKey(s)) === i);
}

/** The photos of those listings at their large size (videos are not images; their posters are no page content). */
async function listedPhotos(ctx: PayloadContext, payload: PagePayload): Promise<string[]> {
  if (payload.status !== 200) return [];
  // The whole listing (the page itself carries only its first screenful), from the same cache.
  const lists = await Promise.all(
    shownListings(payload).map((source) => fetchData(ctx.data, ...sourceData(source)).catch(() => [])),
  );
  return lists.flat().flatMap((i) => (i.kind === 'image' ? [i.largeUrl ?? i.url] : []));
}

/** The pictures a page shows besides its listings: hero, card slots, product card and intro pictures. */
function pagePictures(ctx: PayloadContext, payload: PagePayload): string[] {
  const { page, fallback } = payload;
  const uploaded = dataValue(fallback, 'slotImages') ?? {};
  const slotUrl = (id: string): string | undefined =>
    uploaded[id]?.imageUrl ?? ctx.catalogue.slots.find((s) => s.id === id)?.fallback;
  const products = dataValue(fallback, 'products') ?? [];
  const slots = new Set<string>();
  if (page.hero?.slot) slots.add(page.hero.slot);
  for (const s of page.sections) {
    for (const card of cardsOf(s)) if (card.slot) slots.add(card.slot);
    if (showsProductCards(s))
      for (const p of filterProducts(products, s.filter)) if (slotUrl(p.id) !== undefined) slots.add(p.id);
  }
  const shown = firstPaintMedia({ page, vars: payload.vars, products, folderIds: payload.folderIds });
  const folderPictures = [...shown.previews, ...shown.pictures].map(
    (id) => dataValue(fallback, 'folderPreview', id)?.previewUrl ?? undefined,
  );
  return [...[...slots].map(slotUrl), ...folderPictures].filter((u): u is string => u !== undefined);
}

/**
 * The images each page of the sitemap shows, as absolute URLs by page path: its hero, the pictures of
 * its cards and intros, every photo of its gallery and of the folders its gallery dialogs show. Read
 * through the cached listings; a page whose data fails simply lists no images.
 */
export async function sitemapImages(ctx: PayloadContext): Promise<Record<string, string[]>> {
  const absolute = (url: string): string => new URL(url, ctx.catalogue.site.baseUrl).href;
  const quiet = { ...ctx, onError: () => undefined };
  const entries = await Promise.all(
    ctx.catalogue.sitemap.map(async (entry): Promise<[string, string[]]> => {
      const payload = await buildPayload(quiet, entry.path).catch(() => null);
      if (!payload || payload.type !== 'page') return [entry.path, []];
      const shown = [...pagePictures(ctx, payload), ...(await listedPhotos(ctx, payload))];
      return [entry.path, [...new Set(shown.map(absolute))]];
    }),
  );
  return Object.fromEntries(entries.filter(([, images]) => images.length > 0));
}
