import type { RequestHandler } from 'express';
import sharp from 'sharp';
import { COLORS } from '../../engine/shared/colors.ts';

/** The site's icon (the same drawing as the inline icon of every page, server/render/html.ts). */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${COLORS.brand}"/><path d="M6 12h20M6 17h20M6 22h20" stroke="#fff" stroke-width="2.5"/></svg>`;

/** An ICO file holding one 32x32 PNG (the ICO container accepts PNG images since Windows Vista). */
export function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6);
  header.writeUInt8(size % 256, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

/** `GET /favicon.ico`: browsers and crawlers ask for it whatever the page links. */
export function favicon(): RequestHandler {
  let ico: Promise<Buffer> | null = null;
  return async (_req, res) => {
    ico ??= sharp(Buffer.from(FAVICON_SVG))
      .resize(32, 32)
      .png()
      .toBuffer()
      .then((png) => icoOf(png, 32));
    const bytes = await ico;
    res.type('image/x-icon').setHeader('Cache-Control', 'public, max-age=86400').end(bytes);
  };
}
