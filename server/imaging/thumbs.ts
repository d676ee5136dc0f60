import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type ResizeOptions } from 'sharp';
import { heicImage } from './heic.ts';
import { UnreadableImageError } from './unreadable-image.ts';
import { RENDITIONS, type RenditionName } from '../../engine/shared/images.ts';
import type { ThumbSize } from '../data/media-items.ts';

export type ThumbFormat = 'webp' | 'avif' | 'jpeg';

export const CONTENT_TYPES: Readonly<Record<ThumbFormat, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
};

/**
 * Tiles are 400 px squares, previews 800x600, medium images (photo-album tiles, uncropped) fit 600 px,
 * large images fit 1600 px (medium and large never enlarged), og images are 1200x630 link previews;
 * `w<N>` renditions fit N px wide (never enlarged) and `s<N>` are N px square crops (engine/shared/images.ts).
 */
export const THUMB_SPECS: Readonly<Record<ThumbSize, ResizeOptions>> = {
  tile: { width: 400, height: 400, fit: 'cover' },
  preview: { width: 800, height: 600, fit: 'cover' },
  medium: { width: 600, height: 600, fit: 'inside', withoutEnlargement: true },
  large: { width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true },
  og: { width: 1200, height: 630, fit: 'cover' },
  ...(Object.fromEntries(
    RENDITIONS.map((name) => {
      const w = Number(name.slice(1));
      return [
        name,
        name.startsWith('s')
          ? ({ width: w, height: w, fit: 'cover' } as const)
          : ({ width: w, fit: 'inside', withoutEnlargement: true } as const),
      ];
    }),
  ) as Record<RenditionName, ResizeOptions>),
};

/**
 * The best format the client accepts: WebP (fast to encode, everywhere), else AVIF, else JPEG.
 * Pure; reads `type;q=0` as a refusal.
 */
export function negotiateFormat(accept: string | undefined): ThumbFormat {
  const accepted = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (type && !(q && Number(q.slice(2)) === 0)) accepted.add(type);
  }
  if (accepted.has('image/webp')) return 'webp';
  if (accepted.has('image/avif')) return 'avif';
  return 'jpeg';
}

/** Sources larger than this (in pixels) are refused before decoding: a decompression bomb must not exhaust memory. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Resizes `source` (auto-oriented, metadata stripped); pixels that do not decode are an UnreadableImageError. */
export async function renderThumb(source: Buffer, size: ThumbSize, format: ThumbFormat): Promise<Buffer> {
  try {
    const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
    // An iPhone's HEIC (HEVC inside) is decoded by server/imaging/heic.ts; sharp reads everything else.
    const image = ((await heicImage(source, options)) ?? sharp(source, options))
      .rotate()
      .resize(THUMB_SPECS[size])
      .timeout({ seconds: 20 });
    if (format === 'webp') return await image.webp({ quality: 78, effort: 3 }).toBuffer();
    if (format === 'avif') return await image.avif({ quality: 55, effort: 2 }).toBuffer();
    return await image.jpeg({ quality: 80, progressive: true, mozjpeg: false }).toBuffer();
  } catch (error) {
    throw error instanceof UnreadableImageError ? error : new UnreadableImageError(error);
  }
}

export interface ThumbCacheLimits {
  /** Hot thumbnails kept in memory. */
  readonly maxHotBytes?: number;
  /** Resized files kept on disk; past it the least recently used are deleted (down to 80 %). */
  readonly maxDiskBytes?: number;
}

/** Temp files older than this were left by a process that died mid-write. */
const STALE_TMP_MS = 10 * 60 * 1000;

/**
 * Resized bytes on disk under `<dir>/<key>` (the route's key is `<fileId>.<version>.<size>.<format>`),
 * written atomically (temp file then rename). Keys are made of validated ids only. Concurrent misses
 * of one key share one render. The directory is bounded: a file's mtime is its last use (set on write
 * and on each disk hit), and once the files pass `maxDiskBytes` a sweep deletes the least recently
 * used (old versions of edited photos go first) and any temp file a crash left behind.
 */
export class ThumbCache {
  /** Thumbnails made since the start, failed, and the seconds they took from asked to made (waiting included). */
  readonly stats = { made: 0, failed: 0, seconds: 0 };
  private readonly flights = new Map<string, Promise<Buffer>>();
  // Hot thumbnails in memory (least recently used dropped first), bounded in bytes.
  private readonly hot = new Map<string, Buffer>();
  private hotBytes = 0;
  private ready: Promise<unknown> | null = null;
  private readonly maxHotBytes: number;
  private readonly maxDiskBytes: number;
  /** Bytes on disk as of the last sweep plus what was written since; null until the first sweep. */
  private diskBytes: number | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    readonly dir: string,
    limits: ThumbCacheLimits = {},
  ) {
    this.maxHotBytes = limits.maxHotBytes ?? 32 * 1024 * 1024;
    this.maxDiskBytes = limits.maxDiskBytes ?? 2 * 1024 * 1024 * 1024;
  }

  /** Thumbnails being made now (waiting for their turn or being resized). */
  get making(): number {
    return this.flights.size;
  }

  fileOf(key: string): string {
    return join(this.dir, key);
  }

  async get(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hot = this.hot.get(key);
    if (hot) {
      this.hot.delete(key);
      this.hot.set(key, hot);
      return hot;
    }
    const cached = await readFile(this.fileOf(key)).catch(() => null);
    if (cached) {
      const now = new Date();
      void utimes(this.fileOf(key), now, now).catch(() => undefined);
      return this.remember(key, cached);
    }
    let flight = this.flights.get(key);
    if (!flight) {
      const started = performance.now();
      const made = (ok: boolean): void => {
        this.stats[ok ? 'made' : 'failed']++;
        this.stats.seconds += (performance.now() - started) / 1000;
      };
      flight = make()
        .then(
          async (bytes) => {
            made(true);
            await this.write(key, bytes);
            return this.remember(key, bytes);
          },
          (error: unknown) => {
            made(false);
            throw error;
          },
        )
        .finally(() => this.flights.delete(key));
      this.flights.set(key, flight);
    }
    return flight;
  }

  /**
   * Deletes temp files left by a crash and, when the files pass the limit, the least recently used
   * down to 80 % of it. Runs by itself after writes; one sweep at a time.
   */
  sweep(): Promise<void> {
    this.sweeping ??= this.runSweep().finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async runSweep(): Promise<void> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const now = Date.now();
    const files: { path: string; size: number; used: number }[] = [];
    for (const name of names) {
      const path = join(this.dir, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (now - info.mtimeMs > STALE_TMP_MS) await rm(path, { force: true }).catch(() => undefined);
        continue;
      }
      files.push({ path, size: info.size, used: info.mtimeMs });
    }
    let total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > this.maxDiskBytes) {
      files.sort((a, b) => a.used - b.used);
      for (const file of files) {
        if (total <= this.maxDiskBytes * 0.8) break;
        await rm(file.path, { force: true }).catch(() => undefined);
        total -= file.size;
      }
    }
    this.diskBytes = total;
  }

  private remember(key: string, bytes: Buffer): Buffer {
    if (bytes.length > this.maxHotBytes / 8 || this.hot.has(key)) return bytes;
    this.hot.set(key, bytes);
    this.hotBytes += bytes.length;
    for (const [oldKey, old] of this.hot) {
      if (this.hotBytes <= this.maxHotBytes) break;
      this.hot.delete(oldKey);
      this.hotBytes -= old.length;
    }
    return bytes;
  }

  private async write(key: string, bytes: Buffer): Promise<void> {
    this.ready ??= mkdir(this.dir, { recursive: true }).catch((error: unknown) => {
      // Not remembered: the next write tries again (the directory may be creatable later).
      this.ready = null;
      throw error;
    });
    const tmp = `${this.fileOf(key)}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await this.ready;
      await writeFile(tmp, bytes);
      await rename(tmp, this.fileOf(key));
    } catch {
      // The cache is an optimisation: a full disk must not fail the request.
      await rm(tmp, { force: true }).catch(() => undefined);
      return;
    }
    // The first write learns what is on disk; later ones sweep once the total passes the limit.
    if (this.diskBytes === null || (this.diskBytes += bytes.length) > this.maxDiskBytes) void this.sweep();
  }
}
