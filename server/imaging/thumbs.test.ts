import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { negotiateFormat, renderThumb, ThumbCache } from './thumbs.ts';
import { UnreadableImageError } from './unreadable-image.ts';

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

it('keeps the disk cache under its limit, dropping the least recently used and stale temp files', async () => {
  const dir = join(root, 'bounded');
  const cache = new ThumbCache(dir, { maxDiskBytes: 900, maxHotBytes: 0 });
  const kb = (fill: number) => () => Promise.resolve(Buffer.alloc(200, fill));
  // A temp file from a crash long ago, and one being written right now by another request.
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'old.webp.dead.tmp'), 'half');
  await utimes(join(dir, 'old.webp.dead.tmp'), new Date(0), new Date(0));
  await writeFile(join(dir, 'new.webp.live.tmp'), 'half');
  for (const name of ['a', 'b', 'c', 'd']) {
    await cache.get(`${name}.webp`, kb(1));
    await cache.sweep();
  }
  // Make the order of use unambiguous (mtime resolution), then use 'a' again: 'b' is now the oldest.
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
  for (const [i, name] of ['a', 'b', 'c', 'd'].entries()) await utimes(join(dir, `${name}.webp`), at(i), at(i));
  expect(await cache.get('a.webp', kb(9))).toEqual(Buffer.alloc(200, 1)); // from disk, not re-made
  await new Promise((done) => setTimeout(done, 50)); // the hit's mtime update is not awaited
  expect((await readdir(dir)).sort()).toEqual(['a.webp', 'b.webp', 'c.webp', 'd.webp', 'new.webp.live.tmp']);

  // 1000 bytes > 900: the sweep drops the least recently used down to 80 % (720).
  await cache.get('e.webp', kb(1));
  await cache.sweep();
  expect((await readdir(dir)).sort()).toEqual(['a.webp', 'd.webp', 'e.webp', 'new.webp.live.tmp']);
  // What was dropped is made again on the next request.
  expect(await cache.get('b.webp', kb(2))).toEqual(Buffer.alloc(200, 2));
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

it.each([
  ['image/avif,image/webp,image/apng,*/*;q=0.8', 'webp'],
  ['image/avif,*/*', 'avif'],
  ['image/webp;q=0, image/avif', 'avif'],
  ['text/html', 'jpeg'],
  [undefined, 'jpeg'],
])('negotiates %j -> %s', (accept, format) => {
  expect(negotiateFormat(accept)).toBe(format);
});
