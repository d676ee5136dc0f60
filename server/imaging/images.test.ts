import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeImage, ImageRefs } from './images.ts';
import { icoOf } from '../middleware/favicon.ts';

let dir: string;
const jpeg = (width: number, height: number, orientation = 1) =>
  sharp({ create: { width, height, channels: 3, background: '#4a7' } })
    .jpeg()
    .withMetadata({ orientation })
    .toBuffer();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'image-refs-'));
  await mkdir(join(dir, 'defaults'));
  await writeFile(join(dir, 'defaults', 'hero.jpg'), await jpeg(1600, 900));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('image refs', () => {
  it('a photo turned by EXIF has its upright size, and a preview of a few hundred bytes', async () => {
    const facts = await describeImage(await jpeg(400, 300, 6));
    expect([facts.width, facts.height]).toEqual([300, 400]);
    expect(facts.lqip).toMatch(/^data:image\/webp;base64,/);
    expect(facts.lqip.length).toBeLessThan(600);
  });

  it('a default is addressed by a hash of its bytes: new bytes, new base', async () => {
    const refs = new ImageRefs({ dataDir: dir });
    const first = await refs.of('/defaults/hero.jpg');
    expect(first).toMatchObject({ width: 1600, height: 900 });
    expect(first?.base).toMatch(/^\/media\/default\/[a-f0-9]{16}\/hero\.jpg$/);
    await writeFile(join(dir, 'defaults', 'hero.jpg'), await jpeg(1200, 900));
    const second = await refs.of('/defaults/hero.jpg');
    expect(second?.base).not.toBe(first?.base);
    expect(second?.width).toBe(1200);
    expect(await refs.of('/defaults/missing.jpg')).toBeUndefined();
    expect(await refs.of('/defaults/../slots.json')).toBeUndefined();
    expect(await refs.of('https://elsewhere.example/x.jpg')).toBeUndefined();
  });

  it('the favicon is an ICO holding one PNG', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    const ico = icoOf(png, 32);
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(ico.readUInt32LE(18)).toBe(22);
    expect(ico.subarray(22)).toEqual(png);
  });
});
