import { readdir, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiSlotImages } from '../../engine/shared/api.ts';
import { SLOT_FILE_NAME, slotImageType } from '../imaging/images.ts';
import type { Logger } from '../log.ts';
import { stamp, type Database } from './database.ts';

/** Where earlier versions kept what staff changed, in each server's data directory. */
export const EARLIER_FILES = {
  slotMap: 'slots.json',
  slotImages: 'slot-images',
  folderMarks: 'folder-marks.json',
} as const;

/** A file or folder moved into the database is renamed with this suffix (kept for a person to look at). */
export const IMPORTED_SUFFIX = '.imported';

/** Keeps well-formed entries (same-origin or absolute http(s) URLs); drops the rest. */
export function parseSlotMap(text: string): ApiSlotImages {
  const raw: unknown = JSON.parse(text);
  const out: Record<string, { imageUrl: string; url: string }> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  const okUrl = (u: unknown): u is string => typeof u === 'string' && /^(\/(?!\/)|https?:\/\/)/.test(u);
  for (const [key, value] of Object.entries(raw)) {
    const v = value as { imageUrl?: unknown; url?: unknown } | null;
    if (typeof v !== 'object' || v === null || !okUrl(v.imageUrl)) continue;
    out[key] = { imageUrl: v.imageUrl, url: okUrl(v.url) ? v.url : v.imageUrl };
  }
  return out;
}

const readJson = async <T>(file: string, parse: (text: string) => T): Promise<T | null> => {
  const text = await readFile(file, 'utf8').catch(() => null);
  return text === null ? null : parse(text);
};

const markImported = (path: string): Promise<void> =>
  rename(path, path + IMPORTED_SUFFIX).catch((error: NodeJS.ErrnoException) => {
    // Another server on the same data directory got there first.
    if (error.code !== 'ENOENT') throw error;
  });

/**
 * On start: what an earlier version kept in files of the data directory (the slot map, the slot
 * images, the folder marks) is moved into the database, then the files are renamed `*.imported`.
 * What the database already holds wins (another server may have moved its own first). Logged.
 */
export async function importEarlierFiles(database: Database, dataDir: string, logger?: Logger): Promise<void> {
  const { db } = database;
  const at = stamp();
  const imageDir = join(dataDir, EARLIER_FILES.slotImages);
  const names = (await readdir(imageDir).catch(() => null))?.filter((n) => SLOT_FILE_NAME.test(n));
  if (names) {
    for (const name of names) {
      const bytes = await readFile(join(imageDir, name));
      await db
        .insertInto('slot_image_files')
        .values({ name, mime_type: slotImageType(name), bytes, created_at: at })
        .onConflict((c) => c.column('name').doNothing())
        .execute();
    }
    await markImported(imageDir);
    logger?.info({ images: names.length, from: imageDir }, 'Slot images moved into the site database.');
  }

  const mapFile = join(dataDir, EARLIER_FILES.slotMap);
  const map = await readJson(mapFile, (text) => {
    try {
      return parseSlotMap(text);
    } catch {
      logger?.warn({ file: mapFile }, 'The earlier slot map is not valid JSON; nothing taken from it.');
      return {};
    }
  });
  if (map) {
    const rows = Object.entries(map).map(([id, e]) => ({ id, image_url: e.imageUrl, updated_at: at }));
    if (rows.length > 0)
      await db
        .insertInto('slot_map')
        .values(rows)
        .onConflict((c) => c.column('id').doNothing())
        .execute();
    await markImported(mapFile);
    logger?.info({ slots: rows.length, from: mapFile }, 'Slot map moved into the site database.');
  }

  const marksFile = join(dataDir, EARLIER_FILES.folderMarks);
  const marks = await readJson(marksFile, (text): string[] => {
    try {
      const done = (JSON.parse(text) as { done?: unknown }).done;
      return Array.isArray(done) ? done.filter((p): p is string => typeof p === 'string') : [];
    } catch {
      logger?.warn({ file: marksFile }, 'The earlier folder marks are not valid JSON; nothing taken from them.');
      return [];
    }
  });
  if (marks) {
    if (marks.length > 0)
      await db
        .insertInto('folder_marks')
        .values(marks.map((path) => ({ path, marked_at: at })))
        .onConflict((c) => c.column('path').doNothing())
        .execute();
    await markImported(marksFile);
    logger?.info({ marks: marks.length, from: marksFile }, 'Folder marks moved into the site database.');
  }
}
