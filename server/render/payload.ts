import type { ApiFolderPreview, ApiMediaItem, ApiSlotImages, ApiProduct } from '../../engine/shared/api.ts';
import { isCatchAll, isPattern, kindOf, type Catalogue, type Page, type TextKey } from '../../engine/index.ts';
import type { Head, PagePayload, RoutePayload } from '../../engine/shared/page.ts';
import { keys, sourceKey, type MediaSource } from '../../engine/shared/keys.ts';
import { productById, productByType } from '../../engine/shared/products.ts';
import { firstTileImage } from '../../engine/shared/media.ts';
import { galleryLayout } from '../../engine/kinds.ts';
import { responsive, SIZES, type ImageRef } from '../../engine/shared/images.ts';
import { firstPaintMedia, patternProduct, type SourceContext } from '../../engine/shared/sources.ts';
import { fillText } from '../../engine/placeholders.ts';
import { firstScreen } from '../../engine/shared/paging.ts';
import type { ImageRefs } from '../images.ts';
import type { SiteData } from '../services.ts';
import type { Matcher } from './match.ts';
import { pageNeeds } from './needs.ts';

export interface PayloadContext {
  readonly catalogue: Catalogue;
  readonly data: SiteData;
  readonly matcher: Matcher;
  /** Resolves slot image URLs to responsive renditions. */
  readonly images?: ImageRefs;
  /** Told about every data call that failed (the page still renders, with its error text). */
  readonly onError?: (key: string, error: unknown) => void;
}

/** Collects swr fallback data; a failing call is recorded as an error key, never thrown. */
class Fetched {
  readonly fallback: Record<string, unknown> = {};
  readonly errors: string[] = [];
  constructor(private readonly onError?: (key: string, error: unknown) => void) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T | undefined> {
    if (key in this.fallback) return this.fallback[key] as T;
    try {
      const value = await load();
      this.fallback[key] = value;
      return value;
    } catch (error) {
      this.fail(key, error);
      return undefined;
    }
  }

  /**
   * Like `get`, for what a page can do without (a card's picture): a failure is not the page's, it
   * stores `instead` (so the browser does not ask again on load).
   */
  async optional<T>(key: string, load: () => Promise<T>, instead: T): Promise<void> {
    if (key in this.fallback) return;
    this.fallback[key] = await load().catch(() => instead);
  }

  fail(key: string, error: unknown): void {
    this.errors.push(key);
    this.onError?.(key, error);
  }
}

const itemsOf = (data: SiteData, source: MediaSource): Promise<ApiMediaItem[]> =>
  'folderId' in source ? data.folderItems(source.folderId) : data.aggregatedItems(source.aggregate);

/** Folder path -> id; a lookup that failed is null and recorded (the page shows its error, not "empty"). */
async function resolveFolders(
  data: SiteData,
  paths: readonly string[],
  got: Fetched,
): Promise<Record<string, string | null>> {
  const ids = await Promise.all(
    paths.map((p) =>
      data.folderId(p).catch((error: unknown) => {
        got.fail(keys.folderLookup(p), error);
        return null;
      }),
    ),
  );
  return Object.fromEntries(paths.map((p, i) => [p, ids[i] ?? null]));
}

function headOf(
  catalogue: Catalogue,
  page: Page,
  path: string,
  status: number,
  vars: Record<string, string>,
  heroImage: string | undefined,
): Head {
  const { baseUrl } = catalogue.site;
  // A pattern page for something that does not exist takes the not-found page's title.
  const meta = status === 404 ? (catalogue.pages.find((p) => isCatchAll(p.path))?.meta ?? page.meta) : page.meta;
  const canonicalPath = isPattern(page.path) ? path : page.meta.canonical;
  return {
    title: fillText(meta.title, vars),
    description: fillText(meta.description, vars),
    canonical: `${baseUrl}${canonicalPath}`,
    ...(heroImage ? { image: new URL(heroImage, baseUrl).href } : {}),
  };
}

/**
 * Everything one path needs to render: its route table entry, the values of its placeholders, and
 * the data its template reads (products, slot images, folder listings), fetched in parallel.
 * Staff pages answer `document`; unknown paths get the not-found page with status 404.
 */
export async function buildPayload(ctx: PayloadContext, path: string): Promise<RoutePayload | null> {
  const { catalogue, data } = ctx;
  const m = ctx.matcher.match(path);
  if (!m) return null;
  const { page, params } = m;
  if (page.staff) return { type: 'document', path };

  const needs = pageNeeds(page);
  const got = new Fetched(ctx.onError);
  const [products, slotMap, folderIds] = await Promise.all([
    needs.products ? got.get<ApiProduct[]>(keys.products, () => data.products()) : undefined,
    needs.slotImages ? got.get<ApiSlotImages>(keys.slotImages, () => data.slotImages()) : undefined,
    resolveFolders(data, needs.folders, got),
  ]);

  let status = kindOf(page.kind).status;
  const vars: Record<string, string> = { ...params };
  const sources: SourceContext = { page, vars, products: products ?? [], folderIds };
  if (page.productType !== undefined) {
    const owner = params['type'] !== undefined ? productByType(sources.products, params['type']) : undefined;
    if (owner) vars['name'] = owner.name;
    const mediaType = params['mediaType'];
    if (mediaType !== undefined) {
      const label = page.texts[mediaType as TextKey];
      if (label !== undefined) vars['mediaTypeLabel'] = label;
      else status = 404;
    }
    // Unknown only when the product list did load: a failing store is not a missing page.
    if (products && (!owner || !patternProduct(sources))) status = 404;
  } else if (page.product !== undefined && products && !productById(products, page.product)) {
    status = 404;
  }

  const shown = firstPaintMedia(sources);
  const items = (source: MediaSource) => got.get(sourceKey(source), () => itemsOf(data, source));
  const [gallery] = await Promise.all([
    shown.gallery ? items(shown.gallery) : undefined,
    ...shown.counted.map(items),
    ...shown.previews.map((id) => got.get(keys.folderPreview(id), () => data.folderPreview(id))),
    ...shown.pictures.map((id) =>
      got.optional<ApiFolderPreview>(keys.folderPreview(id), () => data.folderPreview(id), { previewUrl: null }),
    ),
  ]);
  const slotUrl = (id: string) => slotMap?.[id]?.imageUrl ?? catalogue.slots.find((s) => s.id === id)?.fallback;
  const slot = page.hero?.slot;
  const hero = slot ? slotUrl(slot) : undefined;
  const previewUrls = [...shown.previews, ...shown.pictures].map(
    (id) => (got.fallback[keys.folderPreview(id)] as ApiFolderPreview | undefined)?.previewUrl ?? undefined,
  );
  const images = await imageRefs(ctx, needs.slots, products ?? [], slotUrl, previewUrls);
  const heroRef = hero ? images[hero] : undefined;
  const head = headOf(
    catalogue,
    page,
    path,
    status,
    vars,
    heroRef ? responsive(heroRef, { fallbackWidth: 1280 }).src : hero,
  );
  const heroImage = heroRef
    ? { href: responsive(heroRef).src, srcSet: responsive(heroRef).srcSet, sizes: SIZES.hero }
    : hero
      ? { href: hero }
      : undefined;
  // A page without a hero whose first part is a product intro (a variant landing): its picture.
  const introFirst =
    !page.hero && (page.sections[0]?.type === 'product-intro' || kindOf(page.kind).intro !== undefined);
  const introRef = introFirst && shown.previews.length > 0 ? images[previewUrls[0] ?? ''] : undefined;
  const introImage = introRef
    ? { href: responsive(introRef).src, srcSet: responsive(introRef).srcSet, sizes: SIZES.intro }
    : undefined;
  const preloadImage =
    firstTileImage(gallery ?? [], galleryLayout(page.kind, vars['mediaType'])) ?? heroImage ?? introImage;

  // Big folders: a page carries the first screenful of each listing; the browser loads the rest.
  const partial: Record<string, number> = {};
  for (const key of [shown.gallery, ...shown.counted].flatMap((s) => (s ? [sourceKey(s)] : []))) {
    const listing = got.fallback[key];
    if (!Array.isArray(listing)) continue;
    const cut = firstScreen(listing);
    if (cut.total === undefined) continue;
    got.fallback[key] = cut.items;
    partial[key] = cut.total;
  }

  const payload: PagePayload = {
    type: 'page',
    path,
    status,
    page,
    params,
    vars,
    head: preloadImage ? { ...head, preloadImage } : head,
    folderIds,
    fallback: got.fallback,
    errors: got.errors,
    ...(Object.keys(partial).length > 0 ? { partial } : {}),
    images,
  };
  return payload;
}

/** Slot image URL -> ref for the slots a page shows (uploads, or the built-in defaults). */
async function imageRefs(
  ctx: PayloadContext,
  slots: ReturnType<typeof pageNeeds>['slots'],
  products: readonly ApiProduct[],
  slotUrl: (id: string) => string | undefined,
  more: readonly (string | undefined)[],
): Promise<Record<string, ImageRef>> {
  const refs = ctx.images;
  if (!refs) return {};
  const ids = new Set(slots.ids);
  if (slots.products) for (const p of products) if (slotUrl(p.id) !== undefined) ids.add(p.id);
  const urls = [...new Set([...[...ids].map(slotUrl), ...more].filter((u): u is string => u !== undefined))];
  const found = await Promise.all(urls.map((u) => refs.of(u)));
  return Object.fromEntries(urls.flatMap((u, i) => (found[i] ? [[u, found[i]] as const] : [])));
}
