import type { ApiFolderPreview, ApiMediaItem, ApiSlotImages, ApiProduct } from '../../engine/shared/api.ts';
import type { Catalogue } from '../../engine/index.ts';
import { Cache, DATA_POLICIES } from './cache.ts';
import { folderCover } from '../../engine/shared/media.ts';
import { CATALOGUE_FOLDERS, folderIds } from './folders.ts';
import { currentDeadline } from '../resilience/deadline.ts';
import { listings, type CachedContents } from './files.ts';
import { isStoreCode, StoreError, type MediaStore, type StoreFile } from '../media/types.ts';
import type { SiteData } from './fetchers.ts';
import { errorAnswer } from '../errors.ts';
import type { VideoConversions } from '../video/conversions.ts';
import type { TileLqips } from '../imaging/lqip.ts';

export interface SiteDataDeps {
  readonly catalogue: Catalogue;
  readonly store: MediaStore;
  readonly cache: Cache;
  /** The slot map (slot or product id -> slot image). */
  readonly slotImages: () => Promise<ApiSlotImages>;
  /** Phone and legacy videos made playable (server/video/): listings reflect their readiness. */
  readonly videos?: Pick<VideoConversions, 'consider' | 'decorate' | 'state'>;
  /** The tiles' LQIPs: listings carry those known, the thumbnail route makes them. */
  readonly lqips?: TileLqips;
}

/** The data layer the API and SSR read, plus what the media routes and the Refresh button need. */
export interface LiveSiteData extends SiteData {
  readonly store: MediaStore;
  /** Where the thumbnail route leaves the LQIPs of the tiles it resizes. */
  readonly lqips?: TileLqips;
  /** Reloads one folder's listing now (concurrent refreshes share one call); stale on upstream failure. */
  refresh(folderId: string): Promise<ApiMediaItem[]>;
  refreshAggregated(type: string): Promise<ApiMediaItem[]>;
  /** A folder's cover (first image, else first video poster; the spec's folder preview lookup). */
  folderPreview(folderId: string): Promise<ApiFolderPreview>;
  /**
   * Cached metadata of one file: only of files listed in a catalogue folder (or shown by the slot
   * map); any other id is not-found without asking the store.
   */
  file(fileId: string): Promise<StoreFile>;
  /** A catalogue folder's whole contents (media and files no gallery shows), cached with its listing. */
  folderContents(folderId: string): Promise<CachedContents>;
  /** Items as visitors get them now (converted videos playable, extracted frames as posters). */
  decorate(items: readonly ApiMediaItem[]): ApiMediaItem[];
  /** Whether a video's conversion to MP4 failed (it then stays download-only). */
  conversionFailed(fileId: string): boolean;
  /**
   * Forgets folder path -> id resolutions (after folders were created or scanned): the next read
   * resolves the catalogue's folders again (stale ones answer if the store fails).
   */
  forgetFolders(): void;
}

/**
 * A refresh within this long of the previous one (of the same listing) answers that listing without
 * asking the store again: pressing Refresh in a loop costs at most one upstream call per interval.
 */
export const REFRESH_INTERVAL_MS = 10_000;

/** The cache for the data layer: not-found is remembered briefly and never hidden by a stale value. */
export function createDataCache(options: {
  clock?: () => number;
  onBackgroundError?: (key: string, e: unknown) => void;
}) {
  return new Cache({
    policies: DATA_POLICIES,
    clock: options.clock,
    serveStaleOn: (e) => !isStoreCode(e, 'not-found', 'invalid'),
    isNegative: (e) => isStoreCode(e, 'not-found'),
    onBackgroundError: options.onBackgroundError,
    // A visitor waits for the store until the deadline of the request being served.
    deadline: currentDeadline,
    // Every page needs the catalogue's folder map: file entries may come and go, it stays.
    pinned: (kind, key) => kind === 'folder' && key.startsWith(CATALOGUE_FOLDERS),
  });
}

/**
 * The data layer: catalogue folder ids (`folderIds`) -> listings and known files (`listings`) ->
 * aggregates, refresh and products, over one cache.
 */
export function createSiteData(deps: SiteDataDeps): LiveSiteData {
  const { catalogue, store, cache } = deps;
  const folders = folderIds(catalogue, store, cache);
  const { folderId, assertKnown } = folders;
  const { loadListing, folderItems, cachedFolderItems, folderContents, file, decorate } = listings(
    store,
    cache,
    folders,
    deps.slotImages,
    deps,
  );

  const aggregatePaths = (type: string): readonly string[] => {
    const paths = Object.hasOwn(catalogue.aggregates, type) ? catalogue.aggregates[type] : undefined;
    if (!paths) throw new StoreError('not-found', errorAnswer('NoAggregatedType', { type }));
    return paths;
  };

  const combine = async (type: string, list: (id: string) => Promise<ApiMediaItem[]>): Promise<ApiMediaItem[]> => {
    const ids = await Promise.all(aggregatePaths(type).map(folderId));
    const lists = await Promise.all(ids.filter((id): id is string => id !== null).map(list));
    const seen = new Set<string>();
    return lists.flat().filter((item) => !seen.has(item.id) && seen.add(item.id));
  };

  const refresh = async (id: string): Promise<ApiMediaItem[]> => {
    await assertKnown(id);
    return decorate(await cache.refresh('listing', id, loadListing(id), { minIntervalMs: REFRESH_INTERVAL_MS }));
  };

  /** Refresh of an aggregate: folders of it that were missing are looked for again first. */
  const refreshAggregated = async (type: string): Promise<ApiMediaItem[]> => {
    const paths = aggregatePaths(type);
    const ids = await folders.catalogueFolders();
    if (paths.some((p) => folders.isCatalogued(p) && !ids.get(p))) {
      await folders.refreshCatalogueFolders(REFRESH_INTERVAL_MS);
    }
    return combine(type, refresh);
  };

  return {
    catalogue,
    store,
    ...(deps.lqips ? { lqips: deps.lqips } : {}),
    folderId,
    folderMap: () => folders.catalogueFolders(),
    folderItems,
    cachedFolderItems,
    refresh,
    async products(): Promise<ApiProduct[]> {
      return Promise.all(
        catalogue.products.map(async ({ folder, ...product }) => {
          const id = folder === undefined ? null : await folderId(folder);
          return id === null ? product : { ...product, driveFolderId: id };
        }),
      );
    },
    aggregatedItems: (type) => combine(type, folderItems),
    refreshAggregated,
    slotImages: deps.slotImages,
    folderPreview: async (id) => folderCover(await folderItems(id)),
    file,
    folderContents,
    decorate,
    conversionFailed: (id) => deps.videos?.state(id) === 'failed',
    forgetFolders: folders.forgetFolders,
  };
}
