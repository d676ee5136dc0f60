import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { thumbBase, type ImageRef } from '../../engine/shared/images.ts';
import { MAX_INPUT_PIXELS } from './thumbs.ts';

/** A slot upload kept in the site database: `/media/slot/<sha256>.<ext>` (server/staff/slot-images.ts). */
export const SLOT_FILE_NAME = /^[a-f0-9]{64}\.(jpg|png|webp|avif|gif)$/;

const SLOT_MIME: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The content type of a slot image, by its name's extension. */
export const slotImageType = (name: string): string => SLOT_MIME[name.split('.').pop() ?? ''] ?? 'image/jpeg';
/** A built-in default: `/defaults/<name>`. */
export const DEFAULT_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Pixel size after EXIF rotation, and a ~16 px WebP LQIP as a data URI (a few hundred bytes). */
export async function describeImage(bytes: Buffer): Promise<{ width: number; height: number; lqip: string }> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  const meta = await image.metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = (turned ? meta.height : meta.width) ?? 1;
  const height = (turned ? meta.width : meta.height) ?? 1;
  const tiny = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(16, 16, { fit: 'inside' })
    .webp({ quality: 40, effort: 2 })
    .toBuffer();
  return { width, height, lqip: `data:image/webp;base64,${tiny.toString('base64')}` };
}

export interface ImageRefsDeps {
  readonly dataDir: string;
  /** The bytes of a slot image kept in the site database (local mode). */
  readonly slotBytes?: (name: string) => Promise<Buffer | undefined>;
  /** Pixel size of a store file (drive-mode slot images are store files). */
  readonly fileSize?: (fileId: string) => Promise<{ width?: number; height?: number } | undefined>;
}

/**
 * Resolves the image URLs slots use (uploads, built-in defaults, store thumbnails) to `ImageRef`s,
 * remembered (a default by its file's mtime and size; uploads and store files are content-addressed).
 */
export class ImageRefs {
  private readonly known = new Map<string, { stamp: string; ref: Promise<ImageRef | undefined> }>();

  constructor(private readonly deps: ImageRefsDeps) {}

  /** The ref of `url`, or undefined when it is not an image this server renders (or cannot be read). */
  async of(url: string): Promise<ImageRef | undefined> {
    const slot = /^\/media\/slot\/([^/]+)$/.exec(url)?.[1];
    if (slot !== undefined) {
      if (!SLOT_FILE_NAME.test(slot)) return undefined;
      return this.remember(url, 'fixed', async () => {
        const bytes = await this.deps.slotBytes?.(slot);
        return bytes ? { base: url, ...(await describeImage(bytes)) } : undefined;
      });
    }
    const name = /^\/defaults\/([^/]+)$/.exec(url)?.[1];
    if (name !== undefined) return this.defaultRef(name);
    const base = thumbBase(url);
    if (base !== undefined && this.deps.fileSize) {
      const fileId = base.split('/')[3] ?? '';
      return this.remember(url, 'fixed', async () => {
        const size = await this.deps.fileSize?.(fileId);
        return size?.width && size.height ? { base, width: size.width, height: size.height } : undefined;
      });
    }
    return undefined;
  }

  /** A default's ref; its base carries a hash of its bytes (`/media/default/<hash>/<name>`). */
  async defaultRef(name: string): Promise<ImageRef | undefined> {
    if (!DEFAULT_NAME.test(name)) return undefined;
    const file = join(this.deps.dataDir, 'defaults', name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return undefined;
    return this.remember(`/defaults/${name}`, `${info.mtimeMs}:${info.size}`, async () => {
      const bytes = await readFile(file);
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      return { base: `/media/default/${hash}/${name}`, ...(await describeImage(bytes)) };
    });
  }

  private async remember(
    key: string,
    stamp: string,
    make: () => Promise<ImageRef | undefined>,
  ): Promise<ImageRef | undefined> {
    const hit = this.known.get(key);
    if (hit && hit.stamp === stamp) return hit.ref;
    const ref = make().catch(() => undefined);
    this.known.set(key, { stamp, ref });
    const value = await ref;
    // An unreadable file is asked again next time (it may be written later).
    if (value === undefined) this.known.delete(key);
    return value;
  }
}
