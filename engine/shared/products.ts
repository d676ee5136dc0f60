import type { ApiProduct } from './api.ts';
import type { IconName } from './icons.ts';
import type { Section } from '../index.ts';
import { fillText } from '../placeholders.ts';

type Filter = NonNullable<Section['filter']>;

/**
 * The products a `product-cards` section shows, in list order. `subcategory: null` keeps only main
 * entries (no subcategory); an absent key keeps every product.
 */
export function filterProducts(products: readonly ApiProduct[], filter: Filter | undefined): ApiProduct[] {
  if (!filter) return [...products];
  return products.filter((p) => {
    if (filter.category !== undefined && p.category !== filter.category) return false;
    if (filter.subcategory === null && p.subcategory !== undefined) return false;
    if (typeof filter.subcategory === 'string' && p.subcategory !== filter.subcategory) return false;
    const type = p.type ?? '';
    if (filter.excludeTypes?.includes(type)) return false;
    if (filter.excludeTypeContaining?.some((part) => type.includes(part))) return false;
    return true;
  });
}

// A list's products by id and by type, made on the first lookup: a page of a big family (or the
// sitemap, over every page) looks up products many times in one list of thousands.
const indexes = new WeakMap<
  readonly ApiProduct[],
  { byId: Map<string, ApiProduct>; byType: Map<string, ApiProduct> }
>();

function indexOf(products: readonly ApiProduct[]): { byId: Map<string, ApiProduct>; byType: Map<string, ApiProduct> } {
  let index = indexes.get(products);
  if (!index) {
    index = { byId: new Map(), byType: new Map() };
    // The first of a duplicate wins, as a search in list order would find it.
    for (const p of products) {
      if (!index.byId.has(p.id)) index.byId.set(p.id, p);
      if (p.type !== undefined && !index.byType.has(p.type)) index.byType.set(p.type, p);
    }
    indexes.set(products, index);
  }
  return index;
}

export const productById = (products: readonly ApiProduct[], id: string | undefined): ApiProduct | undefined =>
  id === undefined ? undefined : indexOf(products).byId.get(id);

export const productByType = (products: readonly ApiProduct[], type: string): ApiProduct | undefined =>
  indexOf(products).byType.get(type);

/** The icon of a product card: by the product's type, else the section's `default`. */
export function iconFor(section: Section, product: ApiProduct): IconName | undefined {
  return (product.type !== undefined ? section.icons[product.type] : undefined) ?? section.icons['default'];
}

/** Where a product card links to: the section's pattern ('/screens/motorized-screens/{type}') or the product's own href. */
export function productHref(section: Section, product: ApiProduct): string | undefined {
  if (section.href) return fillText(section.href, { type: product.type, id: product.id, name: product.name });
  return product.href;
}

/** The first `n` features (cards show 3). */
export const firstFeatures = (product: ApiProduct, n = 3): readonly string[] => product.features.slice(0, n);
