import { createHash } from 'node:crypto';
import type { Catalogue } from '../../engine/index.ts';
import type { Cache } from './cache.ts';
import { errorAnswer } from '../errors.ts';
import { StoreError, type MediaStore } from '../media/types.ts';

/**
 * The cache key (kind 'folder') of the whole catalogue's path -> id map; no folder path looks like it.
 * It names the catalogue's folders (a hash of them), so that after a manifest reload the new data layer
 * never reads the map of the old catalogue, which requests still in flight may write again.
 */
export const CATALOGUE_FOLDERS = '\u0000catalogue';
const catalogueFoldersKey = (folders: readonly { path: string; fixedId?: string }[]): string =>
  `${CATALOGUE_FOLDERS}:${createHash('sha1').update(JSON.stringify(folders)).digest('base64url')}`;

/** Folder path -> id resolution for the data layer, and the ids it may list. */
export interface FolderIds {
  /** The catalogue's path -> id map (cached as one entry). */
  catalogueFolders(): Promise<Map<string, string | null>>;
  /** Reloads that map now unless it was reloaded within `minIntervalMs`. */
  refreshCatalogueFolders(minIntervalMs: number): Promise<unknown>;
  isCatalogued(path: string): boolean;
  folderId(path: string): Promise<string | null>;
  /** Throws not-found unless a catalogue path resolved to this id. */
  assertKnown(id: string): Promise<void>;
  forgetFolders(): void;
}

export function folderIds(catalogue: Catalogue, store: MediaStore, cache: Cache): FolderIds {
  const requests = catalogue.folders.map((f) => ({ path: f.path, fixedId: f.driveId }));
  const catalogued = new Set(requests.map((r) => r.path));
  const foldersKey = catalogueFoldersKey(requests);
  // Ids that some catalogue path resolved to: the only folders the API lists.
  const known = new Set<string>();
  // Paths outside the catalogue that were asked for (resolved one by one), for forgetFolders.
  const loose = new Set<string>();

  /**
   * Every catalogue folder resolved in one go (Drive: one listing per tree level): one cache entry,
   * so a cold start costs one bulk resolution however many pages and products ask at once.
   */
  const loadFolders = async (): Promise<Map<string, string | null>> => {
    const ids = await store.resolveFolders(requests);
    for (const id of ids.values()) if (id) known.add(id);
    return ids;
  };
  const catalogueFolders = () => cache.get('folder', foldersKey, loadFolders);

  return {
    catalogueFolders,
    refreshCatalogueFolders: (minIntervalMs) => cache.refresh('folder', foldersKey, loadFolders, { minIntervalMs }),
    isCatalogued: (path) => catalogued.has(path),
    async folderId(path) {
      if (catalogued.has(path)) return (await catalogueFolders()).get(path) ?? null;
      loose.add(path);
      const id = await cache.get('folder', path, () => store.resolveFolder(path));
      if (id) known.add(id);
      return id;
    },
    async assertKnown(id) {
      if (known.has(id)) return;
      // Also when the map came from a cache shared with another data layer.
      for (const found of (await catalogueFolders()).values()) if (found) known.add(found);
      if (!known.has(id)) throw new StoreError('not-found', errorAnswer('NoMediaFolder', { id }));
    },
    forgetFolders() {
      cache.invalidate('folder', foldersKey);
      for (const path of loose) cache.invalidate('folder', path);
    },
  };
}
