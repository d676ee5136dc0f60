import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderThumb, ThumbCache, UnreadableImageError } from './thumbs.ts';

let root = '';
beforeAll(async () => void (root = await mkdtemp(join(tmpdir(), 'shade-thumbcache-'))));
afterAll(() => rm(root, { recursive: true, force: true }));

it('keeps serving when the cache directory cannot be made, and makes it once it can', async () => {
  const blocker = join(root, 'blocked');
  await writeFile(blocker, 'a file where the directory should be');
  const cache = new ThumbCache(join(blocker, 'thumbs'));
  const bytes = Buffer.from('resized');
  expect(await cache.get('one.webp', () => Promise.resolve(bytes))).toEqual(bytes);

  await rm(blocker);
  expect(await cache.get('two.webp', () => Promise.resolve(bytes))).toEqual(bytes);
  expect(await readdir(join(blocker, 'thumbs'))).toEqual(['two.webp']);
});

/** A PNG whose header claims `width` x `height` (the pixel data is a tiny valid stream). */
async function claimedPng(width: number, height: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

it('refuses a source of more than 50 megapixels before decoding it', async () => {
  await expect(renderThumb(await claimedPng(8000, 8000), 'tile', 'webp')).rejects.toBeInstanceOf(UnreadableImageError);
  await expect(renderThumb(await claimedPng(8000, 8000), 'tile', 'webp')).rejects.toThrow(/pixel limit/i);
});
