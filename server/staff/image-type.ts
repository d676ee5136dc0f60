import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';

/** The image types slots accept, by magic bytes, with the extension they are stored under. */
export const SLOT_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

/**
 * The most pixels an upload may decode to (a 50-megapixel photo passes; a small file claiming a
 * huge canvas, a decompression bomb, does not).
 */
export const MAX_INPUT_PIXELS = 50_000_000;

const UNREADABLE = 'This image file cannot be read; it may be damaged. Export it again and upload the copy.';

/** An upload whose header is fine but whose pixels cannot be decoded (truncated, corrupt, too large). */
export class UnreadableImageError extends Error {
  constructor(cause: unknown) {
    super(UNREADABLE, { cause });
    this.name = 'UnreadableImageError';
  }
}

export type ImageCheck =
  | { readonly ok: true; readonly mimeType: string; readonly ext: string }
  | { readonly ok: false; readonly error: string };

/**
 * What the bytes are, never what the file name or the browser said: magic bytes first (SVG, HTML,
 * executables and everything else are refused), then a decode of the header, so that a file that
 * only starts like an image is refused too.
 */
export async function checkSlotImage(bytes: Buffer): Promise<ImageCheck> {
  const found = await fileTypeFromBuffer(bytes);
  const ext = found ? SLOT_IMAGE_TYPES[found.mime] : undefined;
  if (!found || !ext) {
    return {
      ok: false,
      error: 'This file is not a JPEG, PNG, WebP, AVIF or GIF image. Choose a photo in one of those formats.',
    };
  }
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) {
    return { ok: false, error: UNREADABLE };
  }
  return { ok: true, mimeType: found.mime, ext };
}

/** The largest side of a slot image as the local store serves it (a full-width hero on a large screen). */
export const WEB_MAX_SIDE = 2400;

/**
 * The version of an upload that visitors get (local store): turned upright, at most 2400 px a side,
 * re-encoded in its own format without metadata (a phone photo's EXIF carries where it was taken).
 * GIFs are kept as they are, so that animations survive. Pixels that cannot be decoded (a
 * truncated file whose header reads fine) are an UnreadableImageError.
 */
export async function webVersion(bytes: Buffer, mimeType: string): Promise<Buffer> {
  if (mimeType === 'image/gif') return bytes;
  try {
    return await encodeWeb(bytes, mimeType);
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}

function encodeWeb(bytes: Buffer, mimeType: string): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: WEB_MAX_SIDE, height: WEB_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  switch (mimeType) {
    case 'image/png':
      return image.png({ compressionLevel: 9 }).toBuffer();
    case 'image/webp':
      return image.webp({ quality: 82 }).toBuffer();
    case 'image/avif':
      return image.avif({ quality: 55 }).toBuffer();
    default:
      return image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}

/** Throws an UnreadableImageError unless all of the pixels decode (what drive mode checks, storing the original). */
export async function assertDecodes(bytes: Buffer, mimeType: string): Promise<void> {
  if (mimeType === 'image/gif') return;
  try {
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: 64, height: 64, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError(error);
  }
}
