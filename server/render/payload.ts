import type { ApiFolderPreview, ApiMediaItem, ApiPreviewImages, ApiProduct } from '../../engine/api.ts';
import { isCatchAll, isPattern, type Card, type Catalogue, type Page } from '../../engine/index.ts';
import type { Head, PagePayload, RoutePayload } from '../../engine/contract/page.ts';
import { keys } from '../../engine/contract/keys.ts';
import { productById, productByType } from '../../engine/contract/products.ts';
import { firstTileImage, galleryLayout } from '../../engine/contract/media.ts';
import { fillText } from '../../engine/contract/text.ts';
import type { SiteData } from '../services.ts';
import type { Matcher } from './match.ts';
import { pageNeeds } from './needs.ts';

const GALLERY_KINDS = new Set(['image-gallery', 'video-gallery']);

export interface PayloadContext {
  readonly catalogue: Catalogue;
  readonly data: SiteData;
  readonly matcher: Matcher;
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
      this.errors.push(key);
      this.onError?.(key, error);
      return undefined;
    }
  }
}

async function resolveFolders(data: SiteData, paths: readonly string[]): Promise<Record<string, string | null>> {
  const ids = await Promise.all(paths.map((p) => data.folderId(p).catch(() => null)));
  return Object.fromEntries(paths.map((p, i) => [p, ids[i] ?? null]));
}

/** The preview of a folder: its first image, else the first video poster (as GET /api/drive-preview). */
export const previewOf = (items: readonly ApiMediaItem[]): ApiFolderPreview => ({
  previewUrl:
    items.find((i) => i.kind === 'image' && i.previewUrl)?.previewUrl ??
    items.find((i) => i.posterUrl)?.posterUrl ??
    null,
});

/** Products whose description block (product-intro) the page shows: they get a preview image. */
function introProducts(page: Page, products: readonly ApiProduct[], params: Record<string, string>): ApiProduct[] {
  const ids = page.sections.filter((s) => s.type === 'product-intro').map((s) => s.product ?? page.product);
  const own =
    page.kind === 'application'
      ? productByType(products, fillText(page.productType ?? '{type}', params))
      : page.kind === 'variant-landing'
        ? productById(products, page.product)
        : undefined;
  const found = ids.map((id) => productById(products, id));
  return [...found, own].filter((p): p is ApiProduct => p !== undefined);
}

const mediaCards = (page: Page): Card[] =>
  page.sections
    .filter((s) => s.type === 'media-types')
    .flatMap((s) => s.items.filter((i): i is Card => typeof i !== 'string' && i.media !== undefined));

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
 * the data its template reads (products, preview images, folder listings), fetched in parallel.
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
  const [products, previews, folderIds] = await Promise.all([
    needs.products ? got.get<ApiProduct[]>(keys.products, () => data.products()) : undefined,
    needs.previews ? got.get<ApiPreviewImages>(keys.previews, () => data.previewImages()) : undefined,
    resolveFolders(data, needs.folders),
  ]);

  let status: 200 | 404 = page.kind === 'not-found' ? 404 : 200;
  const vars: Record<string, string> = { ...params };
  let mediaFolderId: string | null | undefined;
  if (page.productType !== undefined) {
    const list = products ?? [];
    const owner = params['type'] !== undefined ? productByType(list, params['type']) : undefined;
    const target = productByType(list, fillText(page.productType, params));
    if (owner) vars['name'] = owner.name;
    const mediaType = params['mediaType'];
    if (mediaType !== undefined) {
      const label = page.texts[mediaType];
      if (label !== undefined) vars['mediaTypeLabel'] = label;
      else status = 404;
    }
    // Unknown only when the product list did load: a failing store is not a missing page.
    if (products && (!owner || !target)) status = 404;
    if (page.kind === 'media-gallery') mediaFolderId = target?.driveFolderId ?? null;
  } else if (GALLERY_KINDS.has(page.kind)) {
    mediaFolderId = page.folder ? (folderIds[page.folder] ?? null) : null;
  } else if (page.product !== undefined && products && !productById(products, page.product)) {
    status = 404;
  }

  const listings: Promise<unknown>[] = [];
  let gallery: Promise<ApiMediaItem[] | undefined> | undefined;
  if (mediaFolderId) {
    const id = mediaFolderId;
    gallery = got.get(keys.folder(id), () => data.folderItems(id));
    listings.push(gallery);
  }
  for (const card of mediaCards(page)) {
    const owner = card.product
      ? productById(products ?? [], card.product)
      : productByType(products ?? [], `${params['type'] ?? ''}-${card.media}`);
    const id = owner?.driveFolderId;
    if (id) listings.push(got.get(keys.folder(id), () => data.folderItems(id)));
  }
  for (const product of introProducts(page, products ?? [], params)) {
    const id = product.driveFolderId;
    if (id) listings.push(got.get(keys.folderPreview(id), async () => previewOf(await data.folderItems(id))));
  }
  await Promise.all(listings);
  const slot = page.hero?.slot;
  const hero = slot ? (previews?.[slot]?.imageUrl ?? catalogue.slots.find((s) => s.id === slot)?.fallback) : undefined;
  const head = headOf(catalogue, page, path, status, vars, hero);
  const preloadImage =
    firstTileImage((await gallery) ?? [], galleryLayout(page.kind, vars['mediaType'])) ??
    (hero ? { href: hero } : undefined);

  const payload: PagePayload = {
    type: 'page',
    path,
    status,
    page,
    params,
    vars,
    head: preloadImage ? { ...head, preloadImage } : head,
    folderIds,
    ...(mediaFolderId !== undefined ? { mediaFolderId } : {}),
    fallback: got.fallback,
    errors: got.errors,
  };
  return payload;
}
