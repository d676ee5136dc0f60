import { createHash } from 'node:crypto';
import { Router } from 'express';
import pLimit from 'p-limit';
import type { ApiSlotImages } from '../../engine/shared/api.ts';
import type { Logger } from '../log.ts';
import { thumbUrl } from '../data/media-items.ts';
import type { StoreFile } from '../media/types.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { stamp, type Database } from '../db/database.ts';
import { SLOT_FILE_NAME, slotImageType } from '../imaging/images.ts';
import { assertDecodes, webVersion } from './image-type.ts';
import { sendError } from '../errors.ts';

/** Where slot images are kept and how the slot map (the spec's preview-image map) is read. */
export interface SlotImages {
  /** Stores `bytes` as the image of slot (or product) `id`; the map shows it at once on every server. */
  put(id: string, bytes: Buffer, image: { mimeType: string; ext: string }): Promise<{ imageUrl: string }>;
  /** Slot id -> image (what `GET /api/preview-images` answers). */
  read(): Promise<ApiSlotImages>;
  /** The stored bytes of `/media/slot/<name>`, when the images are kept here rather than in the store. */
  bytes?(name: string): Promise<Buffer | undefined>;
  /** Routes that serve the stored images, when the store does not already. */
  readonly router?: Router;
}

/**
 * Local media store: the web version of each image (see `webVersion`) in the site database, named by
 * its SHA-256 and served at `/media/slot/<sha256>.<ext>` with immutable caching; the map in the same
 * database. Every server on one database serves every upload.
 */
export function databaseSlotImages(database: Database): SlotImages {
  const { db } = database;
  // Re-encoding is CPU-bound: a burst of uploads takes turns.
  const encode = pLimit(2);
  const bytes = async (name: string): Promise<Buffer | undefined> => {
    if (!SLOT_FILE_NAME.test(name)) return undefined;
    const row = await db.selectFrom('slot_image_files').select('bytes').where('name', '=', name).executeTakeFirst();
    return row ? Buffer.from(row.bytes) : undefined;
  };

  const router = Router();
  router.get('/media/slot/:name', async (req, res) => {
    const { name } = req.params;
    const found = await bytes(name);
    if (!found) return sendError(res, 'NoSlotImage');
    // Content-addressed: the name is the version.
    res.setHeader('ETag', `"${name.slice(0, 16)}"`).setHeader('Cache-Control', CACHE.immutable);
    if (req.fresh) return void res.status(304).end();
    res.type(slotImageType(name));
    res.setHeader('Content-Length', found.length).end(req.method === 'HEAD' ? undefined : found);
  });

  return {
    async put(id, original, { ext, mimeType }) {
      const web = await encode(() => webVersion(original, mimeType));
      const name = `${createHash('sha256').update(web).digest('hex')}.${ext}`;
      const imageUrl = `/media/slot/${name}`;
      const at = stamp();
      await db.transaction().execute(async (tx) => {
        // Same bytes, same name: a row already there is the same image.
        await tx
          .insertInto('slot_image_files')
          .values({ name, mime_type: slotImageType(name), bytes: web, created_at: at })
          .onConflict((c) => c.column('name').doNothing())
          .execute();
        await tx
          .insertInto('slot_map')
          .values({ id, image_url: imageUrl, updated_at: at })
          .onConflict((c) => c.column('id').doUpdateSet({ image_url: imageUrl, updated_at: at }))
          .execute();
      });
      return { imageUrl };
    },
    async read() {
      const rows = await db.selectFrom('slot_map').select(['id', 'image_url']).orderBy('id').execute();
      return Object.fromEntries(rows.map((r) => [r.id, { imageUrl: r.image_url, url: r.image_url }]));
    },
    bytes,
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
  /** How long a read of the slot map is kept (the spec's 30 s freshness of preview images). */
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
