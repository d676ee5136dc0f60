import type { ApiProduct } from '../../engine/shared/api.ts';
import { keys, type MediaSource } from '../../engine/shared/keys.ts';
import { pageKey, type RoutePayload } from '../../engine/shared/page.ts';
import { productById } from '../../engine/shared/products.ts';
import { fetchJson } from '../data/fetcher.ts';

/** What a dialog's source is looked up from again when the server could not (see engine/shared/sources.ts). */
export type DialogLookup = { readonly folder: string } | { readonly product: string };

/** Looks a dialog's source up again: the page's folder ids, or the product list. */
export async function lookUp(lookup: DialogLookup, pagePath: string): Promise<MediaSource | null | 'failed'> {
  if ('folder' in lookup) {
    const next = await fetchJson<RoutePayload>(pageKey(pagePath)).catch(() => null);
    if (next?.type !== 'page' || next.errors.includes(keys.folderLookup(lookup.folder))) return 'failed';
    const id = next.folderIds[lookup.folder];
    return id ? { folderId: id } : null;
  }
  const products = await fetchJson<ApiProduct[]>(keys.products).catch(() => null);
  if (!products) return 'failed';
  const id = productById(products, lookup.product)?.driveFolderId;
  return id ? { folderId: id } : null;
}
