import pLimit from 'p-limit';
import pMap from 'p-map';
import type { ApiMediaItem, ApiSlotImages } from '../../engine/shared/api.ts';
import type { Cache } from './cache.ts';
import { errorAnswer } from '../errors.ts';
import { toMediaItem } from './media-items.ts';
import { isStoreCode, StoreError, type FolderContents, type MediaStore, type StoreFile } from '../media/types.ts';
import { beforeDeadline, currentDeadline } from '../resilience/deadline.ts';
import type { FolderIds } from './folders.ts';
import type { VideoConversions } from '../video/conversions.ts';
import type { TileLqips } from '../imaging/lqip.ts';

/** An unknown file id lists the catalogue folders again at most this often (from the cache when fresh). */
const WARM_INTERVAL_MS = 2 * 60_000;
/** Folders listed at once while learning the catalogue's files. */
const WARM_CONCURRENCY = 6;
/** The file id in a same-origin media URL. */
const MEDIA_URL = /^\/media\/(?:thumb|file)\/([^/?#]+)/;

/** Folders whose whole contents are read at once (the health page of a cold cache). */
const CONTENTS_CONCURRENCY = 6;

/** A folder's contents as cached: what the store listed, and when. */
export interface CachedContents extends FolderContents {
  /** When the store was asked (ms since the epoch). */
  readonly listedAt: number;
}

/** Listings of catalogue folders, and the files they showed (the only files /media serves). */
export interface Listings {
  /** The cache loader of one folder's listing (it also learns the folder's files). */
  loadListing(id: string): () => Promise<ApiMediaItem[]>;
  folderItems(id: string): Promise<ApiMediaItem[]>;
  /** A folder's listing if the cache holds one (decorated), never asking the store; undefined otherwise. */
  cachedFolderItems(id: string): ApiMediaItem[] | undefined;
  /** A folder's whole contents (media and other files): cached with, and read by the same call as, its listing. */
  folderContents(id: string): Promise<CachedContents>;
  file(fileId: string): Promise<StoreFile>;
  /** A cached listing as visitors get it now: video readiness and the tiles' LQIPs known. */
  decorate(items: readonly ApiMediaItem[]): ApiMediaItem[];
}

export function listings(
  store: MediaStore,
  cache: Cache,
  folders: FolderIds,
  slotImages: () => Promise<ApiSlotImages>,
  live: {
    /** Phone videos made playable: told about every listed file, and marks listed items ready. */
    readonly videos?: Pick<VideoConversions, 'consider' | 'decorate'> | undefined;
    /** The LQIPs of the tiles the thumbnail route has resized. */
    readonly lqips?: Pick<TileLqips, 'decorate'> | undefined;
  } = {},
): Listings {
  const { videos, lqips } = live;
  const decorate = (items: readonly ApiMediaItem[]): ApiMediaItem[] => {
    const playable = videos ? videos.decorate(items) : [...items];
    return lqips ? lqips.decorate(playable) : playable;
  };
  // Ids of files that a listing of a catalogue folder showed: the only files /media serves (with
  // those of the slot map). Others are refused without an upstream call.
  const knownFiles = new Set<string>();
  const learn = (files: readonly StoreFile[]): void => {
    for (const f of files) {
      cache.prime('file', f.id, f);
      knownFiles.add(f.id);
    }
  };

  // One upstream call gives both a folder's listing and its contents: each loader keeps the other.
  const read = async (id: string): Promise<{ contents: CachedContents; items: ApiMediaItem[] }> => {
    const listedAt = Date.now();
    const contents = { ...(await store.listContents(id)), listedAt };
    learn(contents.files);
    for (const f of contents.files) videos?.consider(f);
    return { contents, items: contents.files.map(toMediaItem) };
  };
  const loadListing = (id: string) => async (): Promise<ApiMediaItem[]> => {
    const { contents, items } = await read(id);
    cache.prime('contents', id, contents);
    return items;
  };
  const contentsLimit = pLimit(CONTENTS_CONCURRENCY);
  const folderContents = async (id: string): Promise<CachedContents> => {
    await folders.assertKnown(id);
    return cache.get('contents', id, () =>
      contentsLimit(async () => {
        const { contents, items } = await read(id);
        cache.prime('listing', id, items);
        return contents;
      }),
    );
  };

  const folderItems = async (id: string): Promise<ApiMediaItem[]> => {
    await folders.assertKnown(id);
    const items = await cache.get('listing', id, loadListing(id));
    // Also when the listing came from a cache shared with another data layer.
    for (const item of items) knownFiles.add(item.id);
    return decorate(items);
  };

  const cachedFolderItems = (id: string): ApiMediaItem[] | undefined => {
    const items = cache.peek<ApiMediaItem[]>('listing', id);
    return items && decorate(items);
  };

  const warmListings = warmer(folders, async (id) => {
    if (cache.has('listing', id)) await folderItems(id);
    else learn(await store.listFolder(id));
  });

  /** Whether the slot map shows this file (Drive mode keeps slot images outside the catalogue). */
  const inSlotMap = async (fileId: string): Promise<boolean> => {
    const map = await slotImages().catch(() => ({}));
    return Object.values(map).some((e) => MEDIA_URL.exec(e.imageUrl)?.[1] === fileId);
  };

  const file = async (fileId: string): Promise<StoreFile> => {
    if (!knownFiles.has(fileId) && !(await inSlotMap(fileId))) {
      const failures = await beforeDeadline(warmListings(), currentDeadline());
      if (!knownFiles.has(fileId)) {
        // Not seen, but some folders could not be read: the file may well be there (503, not 404).
        const failure = failures.find((e) => e instanceof StoreError) ?? failures[0];
        if (failure instanceof StoreError) throw failure;
        if (failure !== undefined) throw new StoreError('upstream', `Could not look for file ${fileId}.`, 503);
        throw new StoreError('not-found', errorAnswer('NoFile', { id: fileId }));
      }
    }
    return cache.get('file', fileId, () => store.getFile(fileId));
  };

  return { loadListing, folderItems, cachedFolderItems, folderContents, file, decorate };
}

/**
 * Learns the files of every catalogue folder (with `learnFiles`, one folder at a time, a few at once),
 * so that an id from a page another instance rendered (or rendered before a restart) is known: cached
 * listings answer from the cache, the others are listed without being kept as listings, so that a
 * gallery's own first load still reads its folder. At most once per WARM_INTERVAL_MS: unknown ids
 * asked for in between are refused at once. The function returned resolves to the failures met (the
 * store could not be asked).
 */
function warmer(folders: FolderIds, learnFiles: (id: string) => Promise<void>): () => Promise<unknown[]> {
  let warm: { at: number; done: Promise<unknown[]>; failed?: boolean } | null = null;
  return () => {
    const now = Date.now();
    if (!warm || warm.failed || now - warm.at >= WARM_INTERVAL_MS) {
      const failures: unknown[] = [];
      const done = folders.catalogueFolders().then(
        async (map) => {
          const ids = [...new Set(map.values())].filter((id): id is string => id !== null);
          await pMap(
            ids,
            (id) => learnFiles(id).catch((e: unknown) => void (isStoreCode(e, 'not-found') || failures.push(e))),
            { concurrency: WARM_CONCURRENCY },
          );
          return failures;
        },
        (e: unknown) => [e],
      );
      // After a failure the next unknown id looks again (the store's circuits keep that cheap).
      const started = { at: now, done, failed: false };
      warm = started;
      void done.then((f) => void (started.failed = f.length > 0));
    }
    return warm.done;
  };
}
