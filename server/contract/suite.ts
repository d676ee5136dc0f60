import { afterAll, beforeAll, describe } from 'vitest';
import type { ApiProduct } from '../../engine/api.ts';
import type { Catalogue } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { getJson } from './client.ts';
import { apiTests } from './suite-api.ts';
import { cachingTests } from './suite-caching.ts';
import { mediaTests } from './suite-media.ts';

/** What a store-specific setup hands the suite: a running server and a few handles on its store. */
export interface ContractTarget {
  /** `http://127.0.0.1:<port>` of a server built with createApp over the store under test. */
  readonly baseUrl: string;
  close(): Promise<void>;
  /** Puts a file into a catalogue folder of the store (behind the server's back, as staff would). */
  addFile(folderPath: string, name: string, bytes: Buffer): Promise<void>;
  /** Removes a file from a catalogue folder of the store (behind the server's back). */
  removeFile(folderPath: string, name: string): Promise<void>;
  /** Makes every upstream call of the store fail (true) or work again (false). */
  setUpstreamFailing(failing: boolean): void | Promise<void>;
  /** Upstream folder-listing calls made so far (listFolder / files.list of a folder). */
  listCalls(): number | Promise<number>;
  /** A catalogue folder path that exists in the store with no files in it. */
  readonly emptyFolderPath: string;
  /** Text of a file that exists on the machine outside the store; no answer may ever contain it. */
  readonly outsideSecret: string;
}

export interface SuiteContext {
  target: ContractTarget;
  catalogue: Catalogue;
  products: ApiProduct[];
  /** The public folder id of a product's media folder. */
  folderOf(productId: string): string;
}

/**
 * The API contract (spec section 7 and issue 3), over real HTTP. Run once per media store; everything
 * store-specific lives in `setup`. Each product id used below owns its folder for one test group, so
 * the groups do not disturb each other.
 */
export function apiContractSuite(label: string, setup: () => Promise<ContractTarget>): void {
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
  });
}
