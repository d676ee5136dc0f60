import type { ApiProduct } from '../../engine/shared/api.ts';
import type { Catalogue } from '../../engine/index.ts';

/** What a store-specific setup hands the suite: a running server and a few handles on its store. */
export interface SuiteTarget {
  /** `http://127.0.0.1:<port>` of a server built with createApp over the store under test. */
  readonly baseUrl: string;
  close(): Promise<void>;
  /** Puts a file into a catalogue folder of the store (behind the server's back, as staff would). */
  addFile(folderPath: string, name: string, bytes: Buffer): Promise<void>;
  /** Gives a media file its own caption text (local: a `<file>.txt` sidecar; Drive: the file's description). */
  setOwnCaption(folderPath: string, name: string, text: string): Promise<void>;
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
  target: SuiteTarget;
  catalogue: Catalogue;
  products: ApiProduct[];
  /** The public folder id of a product's media folder. */
  folderOf(productId: string): string;
}
