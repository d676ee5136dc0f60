import { usePage } from '../app/context.ts';
import type { SourceContext } from '../../engine/shared/sources.ts';
import { usePageProducts } from './page-data.ts';

/**
 * What `engine/shared/sources.ts` decides from, for the page being rendered: its definition and
 * placeholder values, the resolved folders, and the product list the server read for it.
 */
export function useSourceContext(): SourceContext {
  const { payload } = usePage();
  const { products } = usePageProducts();
  return { page: payload.page, vars: payload.vars, products, folderIds: payload.folderIds };
}
