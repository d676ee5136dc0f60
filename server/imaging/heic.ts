import decodeHeic from 'heic-decode';
import sharp, { type Sharp, type SharpOptions } from 'sharp';
import { UnreadableImageError } from './unreadable-image.ts';

/**
 * HEIC/HEIF photos from phones. sharp's prebuilt libvips reads HEIF only with AV1 inside (AVIF); an
 * iPhone's HEIC holds HEVC, which it cannot decode. Those go through libheif's WebAssembly build
 * (`heic-decode`, over `libheif-js`), and sharp takes the decoded pixels. Nothing else uses it.
 */

/** What `heic-decode`'s `all` returns (its published types leave out sizes and dispose). */
type HeicImages = {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}[] & {
  dispose(): void;
};

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** Whether the bytes are an ISO HEIF file with a HEVC brand (not AVIF, which sharp reads itself). Pure. */
export function isHevcHeif(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return false;
  const size = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands: string[] = [bytes.toString('latin1', 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(bytes.toString('latin1', at, at + 4));
  if (brands.includes('avif') || brands.includes('avis')) return false;
  return brands.some((b) => HEIF_BRANDS.has(b));
}

/**
 * A sharp image of a HEVC-coded HEIC's primary image (libheif applies its rotation and crop), or
 * null when the bytes are something sharp reads by itself. Refuses images above `limitInputPixels`
 * before decoding them. A HEIC that cannot be decoded (or has too many pixels) is an UnreadableImageError.
 */
export async function heicImage(bytes: Buffer, options: SharpOptions = {}): Promise<Sharp | null> {
  if (!isHevcHeif(bytes)) return null;
  const images = (await decodeHeic.all({ buffer: bytes }).catch((error: unknown) => {
    throw new UnreadableImageError(error);
  })) as unknown as HeicImages;
  try {
    const primary = images[0];
    if (!primary) throw new UnreadableImageError('The HEIC file holds no image.');
    const limit = typeof options.limitInputPixels === 'number' ? options.limitInputPixels : 268_402_689;
    if (primary.width * primary.height > limit) throw new UnreadableImageError('The HEIC image has too many pixels.');
    const { width, height, data } = await primary.decode().catch((error: unknown) => {
      throw new UnreadableImageError(error);
    });
    // The pixel limit was checked above; sharp gets the decoded pixels raw.
    return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
      ...options,
      limitInputPixels: false,
      raw: { width, height, channels: 4 },
    });
  } finally {
    images.dispose();
  }
}

/** A HEIC as a JPEG web version (what the image manager stores), upright, at most `maxSide` a side. */
export async function heicToJpeg(bytes: Buffer, maxSide: number, limitInputPixels: number): Promise<Buffer | null> {
  const image = await heicImage(bytes, { limitInputPixels });
  if (!image) return null;
  return image
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
}
