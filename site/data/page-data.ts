import type { ApiProduct, ApiSlotImages } from '../../engine/shared/api.ts';
import { keys } from '../../engine/shared/keys.ts';
import { usePage } from '../app/context.ts';

/** What the server read for the page under a data key: its value, and whether reading it failed. */
export interface PageData<T> {
  readonly data: T | undefined;
  readonly failed: boolean;
  /** A listing cut to its first screenful: the whole listing's length (engine/shared/paging.ts). */
  readonly length?: number;
}

/**
 * Static templates and sections: the page's data as the server read it (`payload.fallback`), at once.
 * A server render has no loading state and fetches nothing; what is fetched and revalidated in the
 * browser belongs to an island (site/data/hooks.ts).
 */
export function usePageData<T>(key: string | null): PageData<T> {
  const { fallback, errors, partial } = usePage().payload;
  if (key === null) return { data: undefined, failed: false };
  const length = partial?.[key];
  return {
    data: fallback[key] as T | undefined,
    failed: errors.includes(key),
    ...(length !== undefined ? { length } : {}),
  };
}

/** The product list of the page (empty when it was not read or failed: see `failed`). */
export function usePageProducts(): { readonly products: readonly ApiProduct[]; readonly failed: boolean } {
  const { data, failed } = usePageData<ApiProduct[]>(keys.products);
  return { products: data ?? [], failed };
}

/** Slot id -> slot image; none when the slot map could not be read (slots show their defaults). */
export const usePageSlotImages = (): ApiSlotImages => usePageData<ApiSlotImages>(keys.slotImages).data ?? {};
