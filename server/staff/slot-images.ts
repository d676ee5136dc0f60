import { createHash } from 'node:crypto';
import { access, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import pLimit from 'p-limit';
import type { ApiSlotImages } from '../../engine/shared/api.ts';
import type { Logger } from '../log.ts';
import { thumbUrl } from '../data/media-items.ts';
import type { StoreFile } from '../media/types.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { parseSlotMap, SLOT_FILE, slotMapReader } from './slots.ts';
import { Serial, writeFileAtomic } from './atomic.ts';
import { assertDecodes, webVersion } from './image-type.ts';
import { sendError } from '../errors.ts';

/** Where slot images are kept and how the preview-image map is read. */
export interface SlotImages {
  /** Stores `bytes` as the image of slot (or product) `id`; the map shows it at once on this instance. */
  put(id: string, bytes: Buffer, image: { mimeType: string; ext: string }): Promise<{ imageUrl: string }>;
  /** Slot id -> image (what `GET /api/preview-images` answers). */
  read(): Promise<ApiSlotImages>;
  /** Routes that serve the stored images, when the store does not already. */
  readonly router?: Router;
}

export const SLOT_IMAGE_DIR = 'slot-images';
const SLOT_IMAGE_NAME = /^[a-f0-9]{64}\.(jpg|png|webp|avif|gif)$/;

/**
 * Local mode: the web version of each image (see `webVersion`) content-addressed under
 * `<dataDir>/slot-images/<sha256>.<ext>`, served at
 * `/media/slot/<sha256>.<ext>` with immutable caching; the map is `<dataDir>/slots.json`, replaced
 * atomically by one writer at a time.
 */
export function localSlotImages(dataDir: string, logger?: Logger): SlotImages {
  const mapFile = join(dataDir, SLOT_FILE);
  const imageDir = join(dataDir, SLOT_IMAGE_DIR);
  const writer = new Serial();
  // Re-encoding is CPU-bound: a burst of uploads takes turns.
  const encode = pLimit(2);

  const currentMap = async (): Promise<Record<string, { imageUrl: string; url: string }>> => {
    const text = await readFile(mapFile, 'utf8').catch(() => null);
    if (text === null) return {};
    try {
      return { ...parseSlotMap(text) };
    } catch (error) {
      // Keep what was there for a person to look at; start a new map.
      const aside = `${mapFile}.broken-${Date.now()}`;
      await rename(mapFile, aside).catch(() => undefined);
      logger?.error({ err: error, file: aside }, 'The slot map was not valid JSON; it was moved aside.');
      return {};
    }
  };

  const wellNamed: RequestHandler = (req, res, next) => {
    if (SLOT_IMAGE_NAME.test(req.path.slice(1))) next();
    else sendError(res, 'NoSlotImage');
  };
  // A well-formed name with no file behind it; the file server's other refusals (412, 416) go on.
  const noSuchFile: ErrorRequestHandler = (error, _req, res, next) => {
    if ((error as { status?: unknown }).status === 404) sendError(res, 'NoSlotImage');
    else next(error);
  };
  const router = Router();
  router.use(
    '/media/slot',
    wellNamed,
    express.static(imageDir, {
      index: false,
      dotfiles: 'ignore',
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', CACHE.immutable),
    }),
    noSuchFile,
  );

  return {
    async put(id, original, { ext, mimeType }) {
      const bytes = await encode(() => webVersion(original, mimeType));
      const name = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
      const file = join(imageDir, name);
      // Same bytes, same name: an existing file is already complete (written atomically).
      if (
        !(await access(file).then(
          () => true,
          () => false,
        ))
      )
        await writeFileAtomic(file, bytes);
      const imageUrl = `/media/slot/${name}`;
      await writer.run(async () => {
        const map = await currentMap();
        map[id] = { imageUrl, url: imageUrl };
        await writeFileAtomic(mapFile, `${JSON.stringify(map, null, 2)}\n`);
      });
      return { imageUrl };
    },
    read: slotMapReader(dataDir, logger),
    router,
  };
}

/** What drive mode needs of the Drive store (server/media/drive-slot-images.ts). */
export interface SlotImageStore {
  putSlotImage(slot: string, bytes: Buffer, mimeType: string): Promise<StoreFile>;
  listSlotImages(): Promise<Record<string, StoreFile>>;
}

export const isSlotImageStore = (store: object): store is SlotImageStore =>
  typeof (store as Partial<SlotImageStore>).putSlotImage === 'function' &&
  typeof (store as Partial<SlotImageStore>).listSlotImages === 'function';

export interface DriveSlotOptions {
  /** How long a read of the map is kept (the spec's preview freshness, 30 s). */
  readonly ttlMs?: number;
  readonly clock?: () => number;
  /** Ids the map may hold (slots and products of the manifest); others on Drive are ignored. */
  readonly knownIds: ReadonlySet<string>;
  readonly logger?: Logger;
}

const entryOf = (file: StoreFile): { imageUrl: string; url: string } => {
  // Same-origin, resized and immutable: visitors never load an image from Drive itself.
  const imageUrl = thumbUrl(file, 'large');
  return { imageUrl, url: imageUrl };
};

/**
 * Drive mode: images in the 'Site Images' folder with the slot on each file, and the map read from
 * those files. Each instance keeps the map `ttlMs` (so another instance's upload shows within it);
 * an upload through this instance drops the kept map so it shows at once. A failed read serves the
 * last map, kept for another `ttlMs` before Drive is asked again.
 */
export function driveSlotImages(store: SlotImageStore, options: DriveSlotOptions): SlotImages {
  const ttlMs = options.ttlMs ?? 30_000;
  const clock = options.clock ?? Date.now;
  let kept: { at: number; map: ApiSlotImages } | null = null;
  let loading: Promise<ApiSlotImages> | null = null;
  // Bumped by every upload: a read that started before it must not be kept as fresh.
  let generation = 0;
  const decode = pLimit(2);

  const load = (): Promise<ApiSlotImages> => {
    const started = generation;
    const at = clock();
    const run = store.listSlotImages().then(
      (files) => {
        const map = Object.fromEntries(
          Object.entries(files)
            .filter(([id]) => options.knownIds.has(id))
            .map(([id, file]) => [id, entryOf(file)]),
        );
        if (started === generation) kept = { at, map };
        return map;
      },
      (error: unknown) => {
        if (!kept) throw error;
        options.logger?.warn({ err: error }, 'reading the slot images failed; serving the last slot map');
        // Serve the last map for another `ttlMs` before asking Drive again: during an outage every
        // read would otherwise start a new call (with its retries).
        if (started === generation) kept = { at: clock(), map: kept.map };
        return kept.map;
      },
    );
    const shared = run.finally(() => {
      if (loading === shared) loading = null;
    });
    loading = shared;
    return shared;
  };

  return {
    async put(id, bytes, { mimeType }) {
      // Drive keeps the original: make sure it decodes (and is no decompression bomb) first.
      await decode(() => assertDecodes(bytes, mimeType));
      const file = await store.putSlotImage(id, bytes, mimeType);
      generation++;
      kept = null;
      loading = null;
      return { imageUrl: entryOf(file).imageUrl };
    },
    async read() {
      if (kept && clock() - kept.at < ttlMs) return kept.map;
      return loading ?? load();
    },
  };
}
