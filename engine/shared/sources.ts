import type { Card, Page, Section } from '../index.ts';
import { kindOf } from '../kinds.ts';
import { cardsOf, countsMedia, hasIntroSection, isIntro, showsProductCards } from '../sections.ts';
import type { ApiProduct } from './api.ts';
import { keys, type MediaSource } from './keys.ts';
import { filterProducts, productById, productByType } from './products.ts';
import { fillText } from '../placeholders.ts';

/**
 * Which media a part of a page shows: decided here once, for the server (which fetches it with the
 * page) and for the browser (which reads it from swr). The browser only ever holds a `MediaSource`.
 */

/** What the decision reads: the page, its placeholder values, the product list, the resolved folders. */
export interface SourceContext {
  readonly page: Page;
  readonly vars: Readonly<Record<string, string>>;
  /** The product list (empty while it loads or when it failed). */
  readonly products: readonly ApiProduct[];
  /** Manifest folder path -> public folder id (null: the store has no such folder). */
  readonly folderIds: Readonly<Record<string, string | null>>;
}

type Dialog = NonNullable<Section['dialog']>;

const ofProduct = (product: ApiProduct | undefined): MediaSource | null =>
  product?.driveFolderId ? { folderId: product.driveFolderId } : null;

const ofFolder = (ctx: SourceContext, path: string | undefined): MediaSource | null => {
  const id = path === undefined ? null : (ctx.folderIds[path] ?? null);
  return id ? { folderId: id } : null;
};

/** The product a `productType` pattern names for this route ('{type}-{mediaType}' -> 'zip-screens-images'). */
export const patternProduct = (ctx: SourceContext): ApiProduct | undefined =>
  ctx.page.productType === undefined
    ? undefined
    : productByType(ctx.products, fillText(ctx.page.productType, ctx.vars));

/** A gallery page's items: its folder (or its product's), or the product its pattern names. */
export function gallerySource(ctx: SourceContext): MediaSource | null {
  const gallery = kindOf(ctx.page.kind).gallery;
  if (!gallery) return null;
  return gallery.source === 'product-type' ? ofProduct(patternProduct(ctx)) : ofFolder(ctx, ctx.page.folder);
}

/** A 'Choose Media Type' card's items: the card's product, or the route's '{type}-{media}' product. */
export function mediaCardSource(ctx: SourceContext, card: Card): MediaSource | null {
  if (card.product) return ofProduct(productById(ctx.products, card.product));
  const type = ctx.vars['type'];
  if (!card.media || type === undefined) return null;
  return ofProduct(productByType(ctx.products, `${type}-${card.media}`));
}

/** A gallery dialog's items: an aggregate, a manifest folder, its product, or the card's product. */
export function dialogSource(ctx: SourceContext, dialog: Dialog, cardProduct?: ApiProduct): MediaSource | null {
  if (dialog.aggregate) return { aggregate: dialog.aggregate };
  if (dialog.folder) return ofFolder(ctx, dialog.folder);
  return ofProduct(dialog.product ? productById(ctx.products, dialog.product) : cardProduct);
}

/**
 * What a dialog's source is looked up from when it has none: its manifest folder's id (`folder`), or
 * the product list (`products`); null when nothing was to be looked up (an aggregate, or a product
 * that has no folder). When that lookup failed, the dialog shows its error, never "empty".
 */
export function dialogLookup(dialog: Dialog, cardProduct?: ApiProduct): { folder: string } | 'products' | null {
  if (dialog.aggregate) return null;
  if (dialog.folder) return { folder: dialog.folder };
  return cardProduct ? null : 'products';
}

/** The product a product-intro section describes: its own, else the page's (applications: by type). */
export const introProduct = (ctx: SourceContext, section: Section | undefined): ApiProduct | undefined =>
  productById(ctx.products, section?.product ?? ctx.page.product) ??
  (kindOf(ctx.page.kind).intro === 'pattern-product'
    ? productByType(ctx.products, fillText(ctx.page.productType ?? '{type}', ctx.vars))
    : undefined);

/**
 * The folder whose cover pictures a product intro: the product's own, else (a product whose media
 * sit in companion folders, such as a landing with 'Choose Media Type') the page's images card's.
 */
export function introCoverFolder(ctx: SourceContext, product: ApiProduct | undefined): string | undefined {
  if (!product) return undefined;
  if (product.driveFolderId) return product.driveFolderId;
  for (const s of ctx.page.sections.filter(countsMedia))
    for (const card of cardsOf(s)) {
      const source = card.media === 'images' ? mediaCardSource(ctx, card) : null;
      if (source && 'folderId' in source) return source.folderId;
    }
  return undefined;
}

/** The swr key of a folder's cover, or null without a folder. */
export const coverKey = (folderId: string | undefined): string | null =>
  folderId ? keys.folderPreview(folderId) : null;

/** The products a product-cards section shows, for the server's first paint and the cards alike. */
const cardProducts = (ctx: SourceContext): ApiProduct[] =>
  ctx.page.sections.filter(showsProductCards).flatMap((s) => filterProducts(ctx.products, s.filter));

/** Whether the template shows a product intro of its own (see the kinds table's `intro`). */
export function ownIntro(page: Page): boolean {
  const intro = kindOf(page.kind).intro;
  return intro === 'pattern-product' || (intro === 'page-product' && !hasIntroSection(page));
}

/** What a page shows on first paint, so the server fetches it with the page. Dialogs load when opened. */
export interface FirstPaintMedia {
  /** A gallery page's items. */
  readonly gallery: MediaSource | null;
  /** The listings the media cards count. */
  readonly counted: readonly MediaSource[];
  /** Folder ids whose cover the product intros show. */
  readonly previews: readonly string[];
  /**
   * Folder ids whose cover product cards show: decoration, so a failing one leaves its card
   * without a picture instead of failing the page.
   */
  readonly pictures: readonly string[];
}

export function firstPaintMedia(ctx: SourceContext): FirstPaintMedia {
  const { page } = ctx;
  const counted: MediaSource[] = [];
  for (const s of page.sections.filter(countsMedia))
    for (const card of cardsOf(s)) {
      const source = card.media ? mediaCardSource(ctx, card) : null;
      if (source) counted.push(source);
    }
  const intros = page.sections.filter(isIntro).map((s) => introProduct(ctx, s));
  if (ownIntro(page)) intros.push(introProduct(ctx, undefined));
  const defined = (ids: (string | undefined)[]) => [...new Set(ids.filter((id): id is string => id !== undefined))];
  const previews = defined(intros.map((p) => introCoverFolder(ctx, p)));
  const pictures = defined(cardProducts(ctx).map((p) => p.driveFolderId)).filter((id) => !previews.includes(id));
  return { gallery: gallerySource(ctx), counted, previews, pictures };
}
