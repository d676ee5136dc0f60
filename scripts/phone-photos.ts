import { rng } from '../engine/fuzz.ts';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

/** What a phone camera gives: 12 MP, 4:3. */
export const PHONE_WIDTH = 4032;
export const PHONE_HEIGHT = 3024;

let grain: Promise<Buffer> | null = null;

/**
 * A phone-weight photo for benchmarks and tests: 4032x3024 JPEG of 3-5 MB, a smooth scene (random
 * colours upscaled) under sensor-like grain, so it compresses like a real photo and not like a flat
 * drawing. `orientation: 6` tags it as a phone held upright does: the sensor's 4032x3024 pixels with
 * the EXIF tag that turns them into a 3024x4032 portrait.
 */
export async function phonePhoto(seed: number, options: { orientation?: 1 | 6 } = {}): Promise<Buffer> {
  const next = rng(seed);
  const [width, height] = [PHONE_WIDTH, PHONE_HEIGHT];
  const cells = Buffer.alloc(8 * 6 * 3);
  for (let i = 0; i < cells.length; i++) cells[i] = Math.floor(next() * 255);
  const scene = await sharp(cells, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  grain ??= sharp({
    create: {
      width: PHONE_WIDTH,
      height: PHONE_WIDTH,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const noise = await sharp(await grain)
    .extract({ left: 0, top: 0, width, height })
    .toBuffer();
  return sharp(scene)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: options.orientation ?? 1 })
    .toBuffer();
}

/** Writes `count` phone photos (every third one sideways with EXIF orientation 6) into `dir`. */
export async function writePhonePhotos(dir: string, count: number, seed = 1): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `IMG_${String(4000 + i)}.jpg`;
    await writeFile(join(dir, name), await phonePhoto(seed + i, { orientation: i % 3 === 2 ? 6 : 1 }));
    names.push(name);
  }
  return names;
}

async function main(): Promise<void> {
  const [dir, count] = process.argv.slice(2);
  if (!dir) {
    console.log('Usage: tsx scripts/phone-photos.ts <folder> [count=12]');
    process.exit(2);
  }
  const names = await writePhonePhotos(resolve(dir), Number(count ?? 12));
  console.log(`Wrote ${names.length} phone photos (4032x3024) to ${resolve(dir)}.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
