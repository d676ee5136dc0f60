import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { folderIdOf } from '../media/local-index.ts';
import { signInAs, startStaffServer, testCatalogue, upload, type StaffServer } from '../../testing/staff-harness.ts';
import { renderThumb } from './thumbs.ts';
import { isHevcHeif } from './heic.ts';

/** A 320x240 HEVC HEIC as an iPhone writes them (brand heic), made with libheif's heif-enc: 1.9 KB. */
const FIXTURE = new URL('../../testing/fixtures/phone.heic', import.meta.url);

describe('HEIC photos from phones', () => {
  let heic: Buffer;
  let dataDir: string;
  let srv: StaffServer;
  const folder = testCatalogue().folders[0]!.path;

  beforeAll(async () => {
    heic = await readFile(FIXTURE);
    dataDir = await mkdtemp(join(tmpdir(), 'shade-heic-'));
    const dir = join(dataDir, 'media', ...folder.split('/'));
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'IMG_0007.HEIC'), heic);
    srv = await startStaffServer({ dataDir });
  });
  afterAll(async () => {
    await srv?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('needs its own decoder: sharp’s prebuilt libvips cannot decode HEVC', async () => {
    expect(heic.length).toBeLessThan(100_000);
    expect(isHevcHeif(heic)).toBe(true);
    expect(
      isHevcHeif(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .avif()
          .toBuffer(),
      ),
    ).toBe(false);
    await expect(sharp(heic).toBuffer()).rejects.toThrow();
    const tile = await renderThumb(heic, 'tile', 'webp');
    expect(await sharp(tile).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('a HEIC in a gallery folder gets a thumbnail and a large image', async () => {
    const items = (await (await fetch(`${srv.base}/api/drive-images/${folderIdOf(folder)}`)).json()) as ApiMediaItem[];
    const photo = items.find((i) => i.name === 'IMG_0007.HEIC')!;
    expect(photo).toMatchObject({ kind: 'image', mimeType: 'image/heic' });
    for (const url of [photo.thumbnailUrl!, photo.largeUrl!]) {
      const res = await fetch(`${srv.base}${url}`, { headers: { accept: 'image/webp' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
    }
    const large = await fetch(`${srv.base}${photo.largeUrl!}`, { headers: { accept: 'image/jpeg' } });
    expect(await sharp(Buffer.from(await large.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
    });
  });

  it('uploads to a slot and is stored and served as JPEG', async () => {
    const cookie = await signInAs(srv, 'editor');
    const res = await upload(srv.base, cookie, 'homepage-hero', heic, { name: 'IMG_0007.HEIC', type: '' });
    expect(res.status).toBe(200);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/\.jpg$/);
    const served = await fetch(`${srv.base}${imageUrl}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 320,
      height: 240,
    });
  });

  it('refuses a file that only starts like a HEIC', async () => {
    const cookie = await signInAs(srv, 'editor');
    const res = await upload(srv.base, cookie, 'homepage-hero', heic.subarray(0, 400), {
      name: 'broken.heic',
      type: '',
    });
    expect(res.status).toBe(415);
  });
});
