import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ApiMediaItem } from '../../engine/shared/api.ts';

/** The file and version in a tile's address (`/media/thumb/<fileId>/<version>/<size>`). */
const THUMB_URL = /^\/media\/thumb\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)\//;
const KEY = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** Where the LQIPs are kept under DATA_DIR: the folder existing data folders already have. */
export const LQIP_DIR = join('cache', 'placeholders');

/** The LQIP of a rendition: a 12 px WebP as a data URI, about 150-250 characters. */
async function lqipOf(rendition: Buffer): Promise<string> {
  const tiny = await sharp(rendition).resize(12, 12, { fit: 'inside' }).webp({ quality: 30, effort: 4 }).toBuffer();
  return `data:image/webp;base64,${tiny.toString('base64')}`;
}

/**
 * The LQIPs of gallery tiles (`ApiMediaItem.lqip`), made from the first rendition the server resizes
 * for a file (a few KB to decode, never the original again) and kept beside the thumbnails: one small
 * file per file version under `dir`, read back when the server starts. A folder's tiles get their
 * LQIPs once each has been shown once; until then they show the plain background. Bounded by count:
 * past `maxEntries` the oldest are forgotten.
 */
export class TileLqips {
  private readonly known = new Map<string, string>();
  private readonly making = new Set<string>();
  private loaded: Promise<void> | null = null;

  constructor(
    readonly dir: string,
    private readonly maxEntries = 50_000,
  ) {}

  /** Reads the LQIPs kept by earlier runs (once; later calls share it). */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      const names = await readdir(this.dir).catch(() => [] as string[]);
      for (const name of names) {
        if (!KEY.test(name)) continue;
        const uri = await readFile(join(this.dir, name), 'utf8').catch(() => '');
        if (uri.startsWith('data:image/webp;base64,')) this.remember(name, uri);
      }
    })();
    return this.loaded;
  }

  has(fileId: string, version: string): boolean {
    return this.known.has(`${fileId}.${version}`);
  }

  /** Makes and keeps the LQIP of a file version from one of its renditions (once per version). */
  async note(fileId: string, version: string, rendition: Buffer): Promise<void> {
    const key = `${fileId}.${version}`;
    if (!KEY.test(key) || this.known.has(key) || this.making.has(key)) return;
    this.making.add(key);
    try {
      const uri = await lqipOf(rendition);
      this.remember(key, uri);
      await mkdir(this.dir, { recursive: true });
      const tmp = join(this.dir, `${key}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(tmp, uri);
      await rename(tmp, join(this.dir, key));
    } catch {
      // An LQIP is an optimisation: an unreadable rendition or a full disk leaves the tile plain.
    } finally {
      this.making.delete(key);
    }
  }

  /** The items with the LQIPs known for their current versions (the others unchanged). */
  decorate(items: readonly ApiMediaItem[]): ApiMediaItem[] {
    return items.map((item) => {
      const m = THUMB_URL.exec(item.thumbnailUrl ?? '');
      const lqip = m ? this.known.get(`${m[1]}.${m[2]}`) : undefined;
      return lqip && item.lqip !== lqip ? { ...item, lqip } : item;
    });
  }

  private remember(key: string, uri: string): void {
    this.known.set(key, uri);
    for (const old of this.known.keys()) {
      if (this.known.size <= this.maxEntries) break;
      this.known.delete(old);
      void rm(join(this.dir, old), { force: true }).catch(() => undefined);
    }
  }
}
