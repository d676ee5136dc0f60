import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';

const PRODUCT = 'roman-shades';
let dataDir = '';
let server: Server;
let base = '';
let items: ApiMediaItem[] = [];

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 120 } } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  const { catalogue } = built;
  const folder = catalogue.products.find((p) => p.id === PRODUCT)?.folder ?? '';
  dataDir = await mkdtemp(join(tmpdir(), 'shade-thumbs-'));
  const dir = join(dataDir, 'media', ...folder.split('/'));
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'a-wide.jpg'), await image(2000, 1000));
  await writeFile(join(dir, 'b-tall.jpg'), await image(900, 1500));
  await writeFile(join(dir, 'c-small.jpg'), await image(300, 200));

  const logger = createLogger('silent');
  const store = new LocalStore({ dataDir });
  const data = createSiteData({
    catalogue,
    store,
    cache: createDataCache({}),
    slotImages: async () => ({}),
  });
  server = createApp({ config: { dataDir }, catalogue, data, logger }).listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const products = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
  const folderId = products.find((p) => p.id === PRODUCT)?.driveFolderId ?? '';
  items = (await (await fetch(`${base}/api/drive-images/${folderId}`)).json()) as ApiMediaItem[];
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(dataDir, { recursive: true, force: true });
});

const sizeOf = async (url: string | undefined) => {
  const res = await fetch(`${base}${url ?? ''}`, { headers: { Accept: 'image/webp' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  return [meta.width, meta.height];
};

it('lists a medium URL beside the other thumbnails', () => {
  expect(items.map((i) => i.name)).toEqual(['a-wide.jpg', 'b-tall.jpg', 'c-small.jpg']);
  for (const item of items) expect(item.mediumUrl).toBe(item.largeUrl?.replace(/\/large$/, '/medium'));
});

it("'medium' fits the photo inside 600 px uncropped and never enlarges it", async () => {
  const [wide, tall, small] = items;
  expect(await sizeOf(wide?.mediumUrl)).toEqual([600, 300]);
  expect(await sizeOf(tall?.mediumUrl)).toEqual([360, 600]);
  expect(await sizeOf(small?.mediumUrl)).toEqual([300, 200]);
  expect(await sizeOf(wide?.largeUrl)).toEqual([1600, 800]);
});

it('caches each size and format under its own unambiguous file name', async () => {
  const files = await readdir(join(dataDir, 'cache', 'thumbs'));
  const wide = items[0]?.id ?? '';
  expect(files.filter((f) => f.startsWith(`${wide}.`)).map((f) => f.split('.').slice(2).join('.'))).toEqual(
    expect.arrayContaining(['medium.webp', 'large.webp']),
  );
});
