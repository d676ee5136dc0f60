import { usePage } from '../app/context.ts';
import type { SourceContext } from '../../engine/shared/sources.ts';
import { useProducts } from './hooks.ts';

/**
 * What `engine/shared/sources.ts` decides from, for the page being rendered: its definition and
 * placeholder values, the resolved folders, and the product list (read only when `withProducts`).
 */
export function useSourceContext(withProducts = true): SourceContext {
  const { payload } = usePage();
  const { data: products = [] } = useProducts(withProducts);
  return { page: payload.page, vars: payload.vars, products, folderIds: payload.folderIds };
}
