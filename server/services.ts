import type { ApiFolderPreview, ApiMediaItem, ApiSlotImages, ApiProduct } from '../engine/shared/api.ts';
import type { Catalogue } from '../engine/index.ts';

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
  /** A folder's media items (cached: fresh 2 min, stale served on upstream failure). */
  folderItems(folderId: string): Promise<ApiMediaItem[]>;
  /** The combined items of an aggregate type (e.g. motorized-screens). */
  aggregatedItems(type: string): Promise<ApiMediaItem[]>;
  /** A folder's picture: its first image, else its first video poster. */
  folderPreview(folderId: string): Promise<ApiFolderPreview>;
  /** Slot id -> uploaded image; slots without an upload are absent. */
  slotImages(): Promise<ApiSlotImages>;
}
