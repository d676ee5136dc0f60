import { useState } from 'react';
import { usePage } from '../app/context.ts';
import type { ApiProduct } from '../../engine/shared/api.ts';
import { keys, type MediaSource } from '../../engine/shared/keys.ts';
import { pageKey, type RoutePayload } from '../../engine/shared/page.ts';
import { dialogLookup, dialogSource, type SourceContext } from '../../engine/shared/sources.ts';
import type { Section } from '../../engine/index.ts';
import { fetchJson } from './fetcher.ts';
import { useProducts } from './hooks.ts';

/**
 * What `engine/shared/sources.ts` decides from, for the page on screen: its definition and
 * placeholder values, the resolved folders, and the product list (read only when `withProducts`).
 */
export function useSourceContext(withProducts = true): SourceContext {
  const { payload } = usePage();
  const { data: products = [] } = useProducts(withProducts);
  return { page: payload.page, vars: payload.vars, products, folderIds: payload.folderIds };
}

export interface DialogSource {
  readonly source: MediaSource | null;
  /** There is no source because its lookup failed (the store was down): an error, not "empty". */
  readonly lookupFailed: boolean;
  /** Looks it up again: the product list, or the page's folder ids from the server. */
  readonly retryLookup: () => Promise<unknown>;
}

/** A gallery dialog's items, and whether looking them up failed (same answer on the server and after hydration). */
export function useDialogSource(dialog: NonNullable<Section['dialog']>, cardProduct?: ApiProduct): DialogSource {
  const { payload } = usePage();
  const products = useProducts();
  // Folder ids found by Try Again after the page's own lookup failed.
  const [found, setFound] = useState<Readonly<Record<string, string | null>>>({});
  const ctx: SourceContext = {
    page: payload.page,
    vars: payload.vars,
    products: products.data ?? [],
    folderIds: { ...payload.folderIds, ...found },
  };
  const source = dialogSource(ctx, dialog, cardProduct);
  const lookup = dialogLookup(dialog, cardProduct);
  const folderFailed = (path: string) => !(path in found) && payload.errors.includes(keys.folderLookup(path));
  const lookupFailed =
    source === null &&
    lookup !== null &&
    (lookup === 'products' ? products.error !== undefined : folderFailed(lookup.folder));
  const retryLookup = async (): Promise<unknown> => {
    if (lookup === 'products') return products.revalidate();
    if (lookup === null) return;
    const next = await fetchJson<RoutePayload>(pageKey(payload.path)).catch(() => null);
    if (next?.type !== 'page' || next.errors.includes(keys.folderLookup(lookup.folder))) return;
    setFound((f) => ({ ...f, [lookup.folder]: next.folderIds[lookup.folder] ?? null }));
  };
  return { source, lookupFailed, retryLookup };
}
