import { afterAll, beforeAll, describe } from 'vitest';
import type { ApiProduct } from '../../engine/shared/api.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { getJson } from './client.ts';
import { apiTests } from './suite-api.ts';
import { cachingTests } from './suite-caching.ts';
import { captionTests } from './suite-captions.ts';
import { mediaTests } from './suite-media.ts';
import type { SuiteContext, SuiteTarget } from './context.ts';

/**
 * The API contract (spec section 7 and issue 3), over real HTTP. Run once per media store; everything
 * store-specific lives in `setup`. Each product id used below owns its folder for one test group, so
 * the groups do not disturb each other.
 */
export function storeSuite(label: string, setup: () => Promise<SuiteTarget>): void {
  describe(label, () => {
    const ctx = {} as SuiteContext;
    beforeAll(async () => {
      const built = loadCatalogue();
      if (!built.ok) throw new Error('The manifest is invalid: run npm run check.');
      ctx.catalogue = built.catalogue;
      ctx.target = await setup();
      ctx.products = (await getJson<ApiProduct[]>(ctx.target.baseUrl, '/api/products')).body;
      ctx.folderOf = (productId) => {
        const id = ctx.products.find((p) => p.id === productId)?.driveFolderId;
        if (!id) throw new Error(`Product ${productId} has no resolved folder in this store.`);
        return id;
      };
    }, 120_000);
    afterAll(async () => {
      await ctx.target?.close();
    });
    apiTests(ctx);
    mediaTests(ctx);
    cachingTests(ctx);
    captionTests(ctx);
  });
}
