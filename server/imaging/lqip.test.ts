import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import type { Catalogue } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';
import { LQIP_DIR, TileLqips } from './lqip.ts';

const PRODUCT = 'roman-shades';
const COLOURS = { 'a-red.jpg': [200, 30, 30], 'b-green.jpg': [30, 170, 60], 'c-blue.jpg': [30, 60, 200] } as const;

let catalogue: Catalogue;
let dataDir = '';
let server: Server;
let base = '';
let listUrl = '';

const list = async (): Promise<ApiMediaItem[]> => (await (await fetch(listUrl)).json()) as ApiMediaItem[];
const lqipDir = () => join(dataDir, LQIP_DIR);

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  catalogue = built.catalogue;
  const folder = catalogue.products.find((p) => p.id === PRODUCT)?.folder ?? '';
  dataDir = await mkdtemp(join(tmpdir(), 'shade-lqip-'));
  const dir = join(dataDir, 'media', ...folder.split('/'));
  await mkdir(dir, { recursive: true });
  for (const [name, [r, g, b]] of Object.entries(COLOURS)) {
    const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
    await writeFile(join(dir, name), jpeg);
  }
  const logger = createLogger('silent');
  const lqips = new TileLqips(lqipDir());
  await lqips.load();
  const data = createSiteData({
    catalogue,
    store: new LocalStore({ dataDir }),
    cache: createDataCache({}),
    slotImages: async () => ({}),
    lqips,
  });
  server = createApp({ config: { dataDir }, catalogue, data, logger }).listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const products = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
  listUrl = `${base}/api/drive-images/${products.find((p) => p.id === PRODUCT)?.driveFolderId ?? ''}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await rm(dataDir, { recursive: true, force: true });
});

/** Mean colour of a data URI's image. */
const meanOf = async (uri: string) => {
  const bytes = Buffer.from(uri.replace(/^data:image\/webp;base64,/, ''), 'base64');
  const meta = await sharp(bytes).metadata();
  const { channels } = await sharp(bytes).stats();
  return { width: meta.width, height: meta.height, rgb: channels.slice(0, 3).map((c) => c.mean) };
};

it('a tile gets its blurred preview in listings once the server has resized it, and keeps it across a restart', async () => {
  const before = await list();
  expect(before.map((i) => i.name)).toEqual(Object.keys(COLOURS));
  expect(before.every((i) => i.lqip === undefined)).toBe(true);

  const [red, green] = before;
  const tile = await fetch(`${base}${red?.thumbnailUrl ?? ''}`, { headers: { Accept: 'image/webp' } });
  expect(tile.status).toBe(200);
  await expect.poll(async () => (await list())[0]?.lqip, { timeout: 10_000 }).toMatch(/^data:image\/webp;base64,/);

  const after = await list();
  const uri = after[0]?.lqip ?? '';
  expect(uri.length).toBeLessThan(400);
  // The preview is of that photo (its colour), at most 12 px; the tiles not shown yet have none.
  const preview = await meanOf(uri);
  expect(Math.max(preview.width ?? 0, preview.height ?? 0)).toBeLessThanOrEqual(12);
  const [r = 0, g = 0, b = 0] = preview.rgb;
  expect(r).toBeGreaterThan(150);
  expect(g + b).toBeLessThan(150);
  expect(after.slice(1).map((i) => i.lqip)).toEqual([undefined, undefined]);
  expect(after[1]?.thumbnailUrl).toBe(green?.thumbnailUrl);

  // The gallery page carries it in its first paint.
  const gallery = catalogue.pages.find((p) => p.path === `/${PRODUCT}-gallery`)?.path;
  expect(gallery).toBe('/roman-shades-gallery');
  // (The page's data as the server renders it into the HTML and hands it to client-side navigation.)
  const page = await fetch(`${base}/_site/page?path=${encodeURIComponent(gallery ?? '')}`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(uri);

  // Another process over the same data folder knows it from the file left beside the thumbnails.
  const again = new TileLqips(lqipDir());
  await again.load();
  expect(again.decorate(before)[0]?.lqip).toBe(uri);
});

it('keeps no more previews than its limit, and ignores renditions it cannot read', async () => {
  const dir = join(dataDir, 'bounded');
  const small = new TileLqips(dir, 2);
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
    .jpeg()
    .toBuffer();
  await small.note('one', 'v1', jpeg);
  await small.note('two', 'v1', jpeg);
  await small.note('three', 'v1', jpeg);
  await small.note('four', 'v1', Buffer.from('not an image'));
  expect([small.has('one', 'v1'), small.has('two', 'v1'), small.has('three', 'v1'), small.has('four', 'v1')]).toEqual([
    false,
    true,
    true,
    false,
  ]);
});
