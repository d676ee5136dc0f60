import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ApiSlotImages } from '../../engine/shared/api.ts';
import type { Logger } from '../log.ts';

/** The slot map file: slot (or product) id -> `{ imageUrl, url? }`, written atomically by the staff tools. */
export const SLOT_FILE = 'slots.json';

type Entry = { imageUrl: string; url: string };

/** Keeps well-formed entries (same-origin or absolute http(s) URLs); drops the rest. */
export function parseSlotMap(text: string): ApiSlotImages {
  const raw: unknown = JSON.parse(text);
  const out: Record<string, Entry> = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return out;
  const okUrl = (u: unknown): u is string => typeof u === 'string' && /^(\/(?!\/)|https?:\/\/)/.test(u);
  for (const [key, value] of Object.entries(raw)) {
    const v = value as { imageUrl?: unknown; url?: unknown } | null;
    if (typeof v !== 'object' || v === null || !okUrl(v.imageUrl)) continue;
    out[key] = { imageUrl: v.imageUrl, url: okUrl(v.url) ? v.url : v.imageUrl };
  }
  return out;
}

/**
 * Reads `<dataDir>/slots.json` when it changed (by mtime and size), so uploads show at once and an
 * unchanged file costs one stat. A missing file is an empty map; a broken one is logged and kept out.
 */
export function slotMapReader(dataDir: string, logger?: Logger): () => Promise<ApiSlotImages> {
  const file = join(dataDir, SLOT_FILE);
  let last: { stamp: string; map: ApiSlotImages } = { stamp: 'none', map: {} };
  return async () => {
    const s = await stat(file).catch(() => null);
    const stamp = s ? `${s.mtimeMs}:${s.size}:${s.ino}` : 'none';
    if (stamp === last.stamp) return last.map;
    let map: ApiSlotImages = {};
    if (s) {
      try {
        map = parseSlotMap(await readFile(file, 'utf8'));
      } catch (error) {
        logger?.warn({ err: error, file }, 'The slot map is not valid JSON; serving the default images.');
      }
    }
    last = { stamp, map };
    return map;
  };
}
