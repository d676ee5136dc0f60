import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { errorAnswer, type ErrorAnswer } from '../errors.ts';
import { heicToJpeg } from '../imaging/heic.ts';
import { UnreadableImageError } from '../imaging/unreadable-image.ts';

/** The image types slots accept, by magic bytes, with the extension they are stored under. */
export const SLOT_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
};

/**
 * The most pixels an upload may decode to, every frame of an animation counted (a 50-megapixel photo
 * passes; a small file claiming a huge canvas or thousands of frames, a decompression bomb, does not).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The most frames (pages) an animated image may have. */
export const MAX_FRAMES = 500;

/** HEIC/HEIF, recognised by their ftyp brands (server/imaging/heic.ts). */
const HEIC_TYPES: readonly string[] = ['image/heic', 'image/heif'];

/** What an upload is (its type and, for a HEIC, its JPEG web version), or the catalogue's refusal. */
export type ImageCheck =
  | { readonly ok: true; readonly mimeType: string; readonly ext: string; readonly converted?: Buffer }
  | { readonly ok: false; readonly refusal: ErrorAnswer };

const refuse = (refusal: ErrorAnswer): ImageCheck => ({ ok: false, refusal });
const count = (n: number): string => n.toLocaleString('en-US');
const megapixels = (n: number): string => `${Math.round(n / 1e6).toLocaleString('en-US')} megapixels`;

/** Why an image of these dimensions is too large (the catalogue's answer), or null when it is not (pure). */
export function pixelProblem(width: number, height: number, frames: number): ErrorAnswer | null {
  const total = width * height * frames;
  const most = megapixels(MAX_INPUT_PIXELS);
  if (frames > 1 && frames > MAX_FRAMES)
    return errorAnswer('TooManyFrames', { frames: count(frames), most: MAX_FRAMES });
  if (total <= MAX_INPUT_PIXELS) return null;
  if (frames > 1)
    return errorAnswer('AnimationTooLarge', { frames: count(frames), width, height, total: megapixels(total), most });
  return errorAnswer('ImageTooLarge', { width, height, total: megapixels(total), most });
}

/**
 * What the bytes are, never what the file name or the browser said: magic bytes first (SVG, HTML,
 * executables and everything else are refused), then the header's dimensions and frame count
 * (nothing is decoded yet, so a bomb costs nothing), so that a file that only starts like an image,
 * or claims too many pixels, is refused too.
 */
export async function checkSlotImage(bytes: Buffer): Promise<ImageCheck> {
  const found = await fileTypeFromBuffer(bytes);
  if (found && HEIC_TYPES.includes(found.mime)) {
    // A phone's HEIC: stored as its JPEG web version (browsers other than Safari show no HEIC).
    const jpeg = await heicToJpeg(bytes, WEB_MAX_SIDE, MAX_INPUT_PIXELS).catch(() => null);
    return jpeg
      ? { ok: true, mimeType: 'image/jpeg', ext: 'jpg', converted: jpeg }
      : refuse(errorAnswer('UnreadableHeic'));
  }
  const ext = found ? SLOT_IMAGE_TYPES[found.mime] : undefined;
  if (!found || !ext) return refuse(errorAnswer('NotAnImage'));
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // Its first bytes say image, its header says nothing: not an image (the pixels were never reached).
  if (!meta?.width || !meta.height) return refuse(errorAnswer('ImageHeaderUnreadable'));
  const frames = Math.max(1, meta.pages ?? 1);
  // With several pages, `height` may be that of all pages stacked; `pageHeight` is one frame's.
  const frameHeight = frames > 1 && meta.pageHeight ? meta.pageHeight : meta.height;
  const problem = pixelProblem(meta.width, frameHeight, frames);
  if (problem) return refuse(problem);
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
