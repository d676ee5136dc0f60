import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';
import { ffmpegPath, probe, runFfmpeg } from './ffmpeg.ts';
import { makeClip } from './fixtures.ts';
import { createVideoConversions } from './index.ts';

const PRODUCT = 'screen-covered-porches-videos';
const FOLDER = 'Screens/Motorized Screens/Covered Porches/Videos';
const ffmpeg = ffmpegPath();

/**
 * `/media/video/...` over real HTTP, wired as the server wires it (local store, the listing API
 * starting conversions): a remuxed H.264 MOV answers byte ranges; an HEVC MOV (libx265, as an
 * iPhone records) is transcoded to an H.264/AAC MP4 that a browser plays.
 */
describe('converted videos over HTTP (real ffmpeg)', () => {
  let dataDir: string;
  let server: Server;
  let base: string;
  let items: ApiMediaItem[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shade-video-route-'));
    const dir = join(dataDir, 'media', ...FOLDER.split('/'));
    await mkdir(dir, { recursive: true });
    await makeClip(ffmpeg, join(dir, 'IMG_0421.MOV'), 'h264-mov', { seconds: 1 });
    await makeClip(ffmpeg, join(dir, 'IMG_0422.MOV'), 'hevc-mov', { seconds: 1, size: '160x90' });

    const built = loadCatalogue();
    if (!built.ok) throw new Error('The manifest is invalid.');
    const catalogue = built.catalogue;
    const store = new LocalStore({ dataDir });
    const videos = createVideoConversions({ dataDir, store }, {});
    const data = createSiteData({ catalogue, store, cache: createDataCache({}), slotImages: async () => ({}), videos });
    const app = createApp({ config: { dataDir }, catalogue, data, logger: createLogger('silent'), videos });
    server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // The listing starts the conversions; it says playable once they are done.
    const products = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
    const folderId = products.find((p) => p.id === PRODUCT)!.driveFolderId!;
    const deadline = Date.now() + 60_000;
    for (;;) {
      items = (await (await fetch(`${base}/api/drive-images/${folderId}`)).json()) as ApiMediaItem[];
      if (items.length === 2 && items.every((i) => i.playable)) break;
      if (Date.now() > deadline) throw new Error(`Not converted in time: ${JSON.stringify(items)}`);
      await new Promise((done) => setTimeout(done, 250));
    }
  }, 90_000);
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await rm(dataDir, { recursive: true, force: true });
  });

  const item = (name: string) => items.find((i) => i.name === name)!;

  it('answers a byte range of a remuxed MOV with 206 and exactly those bytes, past the end with 416', async () => {
    const mov = item('IMG_0421.MOV');
    expect(mov).toMatchObject({
      playable: true,
      mimeType: 'video/mp4',
      url: expect.stringMatching(/^\/media\/video\//),
    });
    const whole = await fetch(`${base}${mov.url}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const bytes = Buffer.from(await whole.arrayBuffer());
    const size = bytes.length;
    expect(Number(whole.headers.get('content-length'))).toBe(size);

    for (const [header, start, end] of [
      ['bytes=0-99', 0, 99],
      [`bytes=100-${size - 1}`, 100, size - 1],
      ['bytes=-200', size - 200, size - 1],
    ] as const) {
      const part = await fetch(`${base}${mov.url}`, { headers: { Range: header } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-type')).toBe('video/mp4');
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(part.headers.get('content-length'))).toBe(end - start + 1);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
    }

    const past = await fetch(`${base}${mov.url}`, { headers: { Range: `bytes=${size}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
    expect(past.headers.get('etag')).toBeNull();
    expect(await past.json()).toEqual({ error: expect.any(String) });
  });

  it('transcodes an HEVC MOV to an H.264/AAC MP4 that decodes to the end', async () => {
    const source = join(dataDir, 'media', ...FOLDER.split('/'), 'IMG_0422.MOV');
    expect((await probe(ffmpeg, source)).video).toBe('hevc');
    const hevc = item('IMG_0422.MOV');
    expect(hevc).toMatchObject({
      playable: true,
      mimeType: 'video/mp4',
      url: expect.stringMatching(/^\/media\/video\//),
    });
    // The original stays the download.
    expect(hevc.downloadUrl).toBe(`/media/file/${hevc.id}?download=1`);
    const res = await fetch(`${base}${hevc.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const out = join(dataDir, 'served.mp4');
    await writeFile(out, Buffer.from(await res.arrayBuffer()));
    expect(await probe(ffmpeg, out)).toEqual({ video: 'h264', audio: 'aac' });
    // Every frame decodes (a broken file makes ffmpeg fail here).
    await expect(runFfmpeg(ffmpeg, ['-v', 'error', '-xerror', '-i', out, '-f', 'null', '-'])).resolves.toBeDefined();
  });
});
