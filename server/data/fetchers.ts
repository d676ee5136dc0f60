import type { ApiFolderPreview, ApiMediaItem, ApiSlotImages, ApiProduct } from '../../engine/shared/api.ts';
import type { Catalogue } from '../../engine/index.ts';
import type { DataName, DataTypes, KeyArgs } from '../../engine/shared/keys.ts';

/**
 * What pages and the API read, in-process: the cached data layer above the media store. The JSON
 * API serves these as they are; server-side rendering calls them directly (no HTTP round trip).
 */
export interface SiteData {
  readonly catalogue: Catalogue;
  /** All products, with the public id of each media folder. */
  products(): Promise<ApiProduct[]>;
  /** The public id of a manifest folder path, or null when the store has no such folder. */
  folderId(path: string): Promise<string | null>;
  /** Every manifest folder path -> its public id (null: the store has no such folder), resolved in one go. */
  folderMap(): Promise<ReadonlyMap<string, string | null>>;
  /** A folder's media items (cached: fresh 2 min, stale served on upstream failure). */
  folderItems(folderId: string): Promise<ApiMediaItem[]>;
  /**
   * A folder's listing when the cache holds one, never asking the store (what a crawler's sitemap
   * reads: it must not list every folder of the store); undefined otherwise.
   */
  cachedFolderItems(folderId: string): ApiMediaItem[] | undefined;
  /** The combined items of an aggregate type (e.g. motorized-screens). */
  aggregatedItems(type: string): Promise<ApiMediaItem[]>;
  /** A folder's picture: its first image, else its first video poster. */
  folderPreview(folderId: string): Promise<ApiFolderPreview>;
  /** Slot id -> its slot image; slots without one are absent. */
  slotImages(): Promise<ApiSlotImages>;
}

/** The data pages fetch with themselves and the API serves as it is: every data key but a single media item. */
export type SiteDataName = Exclude<DataName, 'mediaItem'>;

/**
 * What fetches each data key (engine/shared/keys.ts names them, says their API paths and types): the
 * method of SiteData, given the key's argument. The page payload, the sitemap and the API routes read
 * this one table, so a page and the API answer a key alike. (A single media item is the live data's
 * file, decorated: its own router.)
 */
export const FETCHERS: { readonly [K in SiteDataName]: (data: SiteData, arg: string) => Promise<DataTypes[K]> } = {
  products: (data) => data.products(),
  slotImages: (data) => data.slotImages(),
  folder: (data, folderId) => data.folderItems(folderId),
  aggregate: (data, type) => data.aggregatedItems(type),
  folderPreview: (data, folderId) => data.folderPreview(folderId),
  folderLookup: (data, path) => data.folderId(path),
};

/** Fetches a data key's value through SiteData (see FETCHERS). */
export const fetchData = <K extends SiteDataName>(
  data: SiteData,
  name: K,
  ...args: KeyArgs<K>
): Promise<DataTypes[K]> => FETCHERS[name](data, (args as string[])[0] ?? '');
