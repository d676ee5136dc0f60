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
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) {
    return {
      ok: false,
      error: 'This image file cannot be read; it may be damaged. Export it again and upload the copy.',
    };
  }
  return { ok: true, mimeType: found.mime, ext };
}
