import type { ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import { isCatchAll, isIntro, isPattern, kindOf, type Catalogue, type Page, type TextKey } from '../../engine/index.ts';
import type { Head, PagePayload, RoutePayload } from '../../engine/shared/page.ts';
import {
  dataValue,
  keyOf,
  sourceData,
  sourceKey,
  type DataTypes,
  type KeyArgs,
  type MediaSource,
} from '../../engine/shared/keys.ts';
import { productById, productByType } from '../../engine/shared/products.ts';
import { pagePictures } from '../../engine/shared/pictures.ts';
import { firstTileImage } from '../../engine/shared/media.ts';
import { galleryLayout } from '../../engine/kinds.ts';
import { responsive, SIZES, type ImageRef } from '../../engine/shared/images.ts';
import {
  firstPaintMedia,
  patternProduct,
  type FirstPaintMedia,
  type SourceContext,
} from '../../engine/shared/sources.ts';
import { fillText } from '../../engine/placeholders.ts';
import { firstScreen } from '../../engine/shared/paging.ts';
import type { ImageRefs } from '../imaging/images.ts';
import { fetchData, type SiteData, type SiteDataName } from '../data/fetchers.ts';
import type { Matcher } from './match.ts';
import { pageNeeds } from './needs.ts';
import { productsIn } from './languages.ts';

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
  constructor(
    private readonly data: SiteData,
    private readonly onError?: (key: string, error: unknown) => void,
  ) {}

  /** A data key's value (FETCHERS), kept under its key; undefined (and the key recorded) when it failed. */
  async get<K extends SiteDataName>(name: K, ...args: KeyArgs<K>): Promise<DataTypes[K] | undefined> {
    const key = keyOf(name, ...args);
    if (key in this.fallback) return this.fallback[key] as DataTypes[K];
    try {
      const value = await fetchData(this.data, name, ...args);
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
  async optional<K extends SiteDataName>(instead: DataTypes[K], name: K, ...args: KeyArgs<K>): Promise<void> {
    const key = keyOf(name, ...args);
    if (key in this.fallback) return;
    this.fallback[key] = await fetchData(this.data, name, ...args).catch(() => instead);
  }

  /** Keeps `value` under a data key instead of what was fetched (the product list read in the page's language). */
  keep<K extends SiteDataName>(name: K, value: DataTypes[K], ...args: KeyArgs<K>): DataTypes[K] {
    this.fallback[keyOf(name, ...args)] = value;
    return value;
  }

  fail(key: string, error: unknown): void {
    this.errors.push(key);
    this.onError?.(key, error);
  }
}

/** Folder path -> id; a lookup that failed is null and recorded (the page shows its error, not "empty"). */
async function resolveFolders(data: SiteData, paths: readonly string[], got: Fetched): Promise<FolderIds> {
  const ids = await Promise.all(
    paths.map((p) =>
      fetchData(data, 'folderLookup', p).catch((error: unknown) => {
        got.fail(keyOf('folderLookup', p), error);
        return null;
      }),
    ),
  );
  return Object.fromEntries(paths.map((p, i) => [p, ids[i] ?? null]));
}

type FolderIds = Record<string, string | null>;

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
    ...(status === 200 ? { canonical: `${baseUrl}${canonicalPath}` } : {}),
    ...(heroImage ? { image: new URL(heroImage, baseUrl).href } : {}),
  };
}

/**
 * The page's status and placeholder values: a pattern route for a product that does not exist, a
 * media type the page has no label for, or a page whose product is gone answers 404 (only when the
 * product list did load: a failing store is not a missing page).
 */
function routeState(
  page: Page,
  params: Record<string, string>,
  products: readonly ApiProduct[] | undefined,
  folderIds: FolderIds,
): { status: PagePayload['status']; vars: Record<string, string>; sources: SourceContext } {
  let status: PagePayload['status'] = kindOf(page.kind).status;
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
    if (products && (!owner || !patternProduct(sources))) status = 404;
  } else if (page.product !== undefined && products && !productById(products, page.product)) {
    status = 404;
  }
  return { status, vars, sources };
}

/** Fetches what the page shows on first paint (FirstPaintMedia); answers the gallery's items. */
async function fetchFirstPaint(shown: FirstPaintMedia, got: Fetched): Promise<ApiMediaItem[] | undefined> {
  const items = (source: MediaSource) => got.get(...sourceData(source));
  const [gallery] = await Promise.all([
    shown.gallery ? items(shown.gallery) : undefined,
    ...shown.counted.map(items),
    ...shown.previews.map((id) => got.get('folderPreview', id)),
    ...shown.pictures.map((id) => got.optional({ previewUrl: null }, 'folderPreview', id)),
  ]);
  return gallery;
}

/** Big folders: a page carries the first screenful of each listing; the browser loads the rest. */
function cutListings(shown: FirstPaintMedia, fallback: Record<string, unknown>): Record<string, number> {
  const partial: Record<string, number> = {};
  for (const key of [shown.gallery, ...shown.counted].flatMap((s) => (s ? [sourceKey(s)] : []))) {
    const listing = fallback[key];
    if (!Array.isArray(listing)) continue;
    const cut = firstScreen(listing);
    if (cut.total === undefined) continue;
    fallback[key] = cut.items;
    partial[key] = cut.total;
  }
  return partial;
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
  const got = new Fetched(data, ctx.onError);
  const [products, slotMap, folderIds] = await Promise.all([
    needs.products
      ? got.get('products').then((list) => list && got.keep('products', productsIn(catalogue, list)))
      : undefined,
    needs.slotImages ? got.get('slotImages') : undefined,
    resolveFolders(data, needs.folders, got),
  ]);
  const { status, vars, sources } = routeState(page, params, products, folderIds);
  const shown = firstPaintMedia(sources);
  const gallery = await fetchFirstPaint(shown, got);
  const slotUrl = (id: string) => slotMap?.[id]?.imageUrl ?? catalogue.slots.find((s) => s.id === id)?.fallback;
  const previewUrls = [...shown.previews, ...shown.pictures].map(
    (id) => dataValue(got.fallback, 'folderPreview', id)?.previewUrl ?? undefined,
  );
  const pictures = pagePictures(sources);
  const images = await imageRefs(ctx, [...pictures.slots.map(slotUrl), ...previewUrls]);
  const hero = page.hero?.slot ? slotUrl(page.hero.slot) : undefined;
  const heroRef = hero ? images[hero] : undefined;
  const heroSrc = heroRef ? responsive(heroRef, { fallbackWidth: 1280 }).src : hero;
  const head = headOf(catalogue, page, path, status, vars, heroSrc);
  const heroImage = heroRef
    ? { href: responsive(heroRef).src, srcSet: responsive(heroRef).srcSet, sizes: SIZES.hero }
    : hero
      ? { href: hero }
      : undefined;
  // A page without a hero whose first part is a product intro (a variant landing): its picture.
  const first = page.sections[0];
  const introFirst = !page.hero && ((first !== undefined && isIntro(first)) || kindOf(page.kind).intro !== undefined);
  const introRef = introFirst && shown.previews.length > 0 ? images[previewUrls[0] ?? ''] : undefined;
  const introImage = introRef
    ? { href: responsive(introRef).src, srcSet: responsive(introRef).srcSet, sizes: SIZES.intro }
    : undefined;
  const preloadImage =
    firstTileImage(gallery ?? [], galleryLayout(page.kind, vars['mediaType'])) ?? heroImage ?? introImage;
  const partial = cutListings(shown, got.fallback);

  return {
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
}

/** Image URL -> ref for the pictures a page shows (slot uploads or built-in defaults, folder covers). */
async function imageRefs(
  ctx: PayloadContext,
  shown: readonly (string | undefined)[],
): Promise<Record<string, ImageRef>> {
  const refs = ctx.images;
  if (!refs) return {};
  const urls = [...new Set(shown.filter((u): u is string => u !== undefined))];
  const found = await Promise.all(urls.map((u) => refs.of(u)));
  return Object.fromEntries(urls.flatMap((u, i) => (found[i] ? [[u, found[i]] as const] : [])));
}
