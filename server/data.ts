import type { ApiMediaItem, ApiPreviewImages, ApiProduct } from '../engine/api.ts';
import type { Catalogue } from '../engine/index.ts';
import { Cache, DATA_POLICIES } from './cache.ts';
import { toMediaItem } from './media-items.ts';
import { StoreError, type MediaStore, type StoreFile } from './media/types.ts';
import type { SiteData } from './services.ts';

export interface SiteDataDeps {
  readonly catalogue: Catalogue;
  readonly store: MediaStore;
  readonly cache: Cache;
  /** The slot map (slot or product id -> uploaded image). */
  readonly previewImages: () => Promise<ApiPreviewImages>;
}

/** The data layer the API and SSR read, plus what the media routes and the Refresh button need. */
export interface LiveSiteData extends SiteData {
  readonly store: MediaStore;
  /** Reloads one folder's listing now (concurrent refreshes share one call); stale on upstream failure. */
  refresh(folderId: string): Promise<ApiMediaItem[]>;
  refreshAggregated(type: string): Promise<ApiMediaItem[]>;
  /** The preview image URL of a folder (first image, else first video poster), or null. */
  folderPreview(folderId: string): Promise<string | null>;
  /**
   * Cached metadata of one file: only of files listed in a catalogue folder (or shown by the slot
   * map); any other id is not-found without asking the store.
   */
  file(fileId: string): Promise<StoreFile>;
  /**
   * Forgets folder path -> id resolutions (after folders were created or scanned): the next read
   * resolves the catalogue's folders again (stale ones answer if the store fails).
   */
  forgetFolders(): void;
}

const isStoreCode = (error: unknown, ...codes: StoreError['code'][]): boolean =>
  error instanceof StoreError && codes.includes(error.code);

/**
 * A refresh within this long of the previous one (of the same listing) answers that listing without
 * asking the store again: pressing Refresh in a loop costs at most one upstream call per interval.
 */
export const REFRESH_INTERVAL_MS = 10_000;

/** An unknown file id lists the catalogue folders again at most this often (from the cache when fresh). */
const WARM_INTERVAL_MS = 2 * 60_000;
/** Folders listed at once while learning the catalogue's files. */
const WARM_CONCURRENCY = 6;
/** The file id in a same-origin media URL. */
const MEDIA_URL = /^\/media\/(?:thumb|file)\/([^/?#]+)/;

/** The cache key (kind 'folder') of the whole catalogue's path -> id map; no folder path looks like it. */
const CATALOGUE_FOLDERS = '\u0000catalogue';

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
    // Every page needs the catalogue's folder map: file entries may come and go, it stays.
    pinned: (kind, key) => kind === 'folder' && key === CATALOGUE_FOLDERS,
  });
}

export function createSiteData(deps: SiteDataDeps): LiveSiteData {
  const { catalogue, store, cache } = deps;
  const requests = catalogue.folders.map((f) => ({ path: f.path, fixedId: f.driveId }));
  const catalogued = new Set(requests.map((r) => r.path));
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
  const catalogueFolders = () => cache.get('folder', CATALOGUE_FOLDERS, loadFolders);

  const folderId = async (path: string): Promise<string | null> => {
    if (catalogued.has(path)) return (await catalogueFolders()).get(path) ?? null;
    loose.add(path);
    const id = await cache.get('folder', path, () => store.resolveFolder(path));
    if (id) known.add(id);
    return id;
  };

  const assertKnown = async (id: string): Promise<void> => {
    if (known.has(id)) return;
    // Also when the map came from a cache shared with another data layer.
    for (const found of (await catalogueFolders()).values()) if (found) known.add(found);
    if (!known.has(id)) throw new StoreError('not-found', `No media folder with id ${id}.`);
  };

  // Ids of files that a listing of a catalogue folder showed: the only files /media serves (with
  // those of the slot map). Others are refused without an upstream call.
  const knownFiles = new Set<string>();

  const loadListing = (id: string) => async (): Promise<ApiMediaItem[]> => {
    const files = await store.listFolder(id);
    for (const f of files) {
      cache.prime('file', f.id, f);
      knownFiles.add(f.id);
    }
    return files.map(toMediaItem);
  };

  const folderItems = async (id: string): Promise<ApiMediaItem[]> => {
    await assertKnown(id);
    const items = await cache.get('listing', id, loadListing(id));
    // Also when the listing came from a cache shared with another data layer.
    for (const item of items) knownFiles.add(item.id);
    return items;
  };

  /**
   * Learns the files of every catalogue folder, so that an id from a page another instance rendered
   * (or rendered before a restart) is known: cached listings answer from the cache, the others are
   * listed (a few at a time) without being kept as listings, so that a gallery's own first load still
   * reads its folder. At most once per WARM_INTERVAL_MS: unknown ids asked for in between are
   * refused at once.
   */
  let warm: { at: number; done: Promise<void> } | null = null;
  const learnFiles = async (id: string): Promise<void> => {
    if (cache.has('listing', id)) {
      await folderItems(id);
      return;
    }
    for (const f of await store.listFolder(id)) {
      cache.prime('file', f.id, f);
      knownFiles.add(f.id);
    }
  };
  const warmListings = (): Promise<void> => {
    const now = Date.now();
    if (!warm || now - warm.at >= WARM_INTERVAL_MS) {
      const done = catalogueFolders().then(
        async (map) => {
          const ids = [...new Set(map.values())].filter((id): id is string => id !== null);
          const next = async (): Promise<void> => {
            for (let id = ids.pop(); id !== undefined; id = ids.pop()) await learnFiles(id).catch(() => undefined);
          };
          await Promise.all(Array.from({ length: WARM_CONCURRENCY }, next));
        },
        () => undefined,
      );
      warm = { at: now, done };
    }
    return warm.done;
  };

  /** Whether the slot map shows this file (Drive mode keeps slot images outside the catalogue). */
  const inSlotMap = async (fileId: string): Promise<boolean> => {
    const map = await deps.previewImages().catch(() => ({}));
    return Object.values(map).some((e) => MEDIA_URL.exec(e.imageUrl)?.[1] === fileId);
  };

  const file = async (fileId: string): Promise<StoreFile> => {
    if (!knownFiles.has(fileId) && !(await inSlotMap(fileId))) {
      await warmListings();
      if (!knownFiles.has(fileId)) throw new StoreError('not-found', `No file with id ${fileId}.`);
    }
    return cache.get('file', fileId, () => store.getFile(fileId));
  };

  const aggregatePaths = (type: string): readonly string[] => {
    const paths = Object.hasOwn(catalogue.aggregates, type) ? catalogue.aggregates[type] : undefined;
    if (!paths) throw new StoreError('not-found', `No aggregated media type '${type}'.`);
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
    return cache.refresh('listing', id, loadListing(id), { minIntervalMs: REFRESH_INTERVAL_MS });
  };

  /** Refresh of an aggregate: folders of it that were missing are looked for again first. */
  const refreshAggregated = async (type: string): Promise<ApiMediaItem[]> => {
    const paths = aggregatePaths(type);
    const ids = await catalogueFolders();
    if (paths.some((p) => catalogued.has(p) && !ids.get(p))) {
      await cache.refresh('folder', CATALOGUE_FOLDERS, loadFolders, { minIntervalMs: REFRESH_INTERVAL_MS });
    }
    return combine(type, refresh);
  };

  return {
    catalogue,
    store,
    folderId,
    folderItems,
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
    previewImages: deps.previewImages,
    async folderPreview(id) {
      const items = await folderItems(id);
      const image = items.find((i) => i.kind === 'image' && i.previewUrl);
      return image?.previewUrl ?? items.find((i) => i.posterUrl)?.posterUrl ?? null;
    },
    file,
    forgetFolders() {
      cache.invalidate('folder', CATALOGUE_FOLDERS);
      for (const path of loose) cache.invalidate('folder', path);
    },
  };
}
