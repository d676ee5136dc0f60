import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import { kindOf } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { photoPath } from '../../engine/shared/captions.ts';
import { pageKey, type RoutePayload } from '../../engine/shared/page.ts';
import { pageLanguages } from '../../engine/translations.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { localCaptions } from './local-captions.ts';
import { LocalStore } from './local.ts';

const PRODUCT = 'roman-shades';
const FOLDER = 'Interior Window Coverings/Shades/Roman';

/**
 * Local captions (issue 12): a `<file>.txt` sidecar or the folder's `captions.yaml` captions a media
 * file; the sidecar wins. Checked through the store and the API over real HTTP.
 */
describe('local captions', () => {
  let dataDir: string;
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shade-captions-'));
    dir = join(dataDir, 'media', ...FOLDER.split('/'));
    await mkdir(dir, { recursive: true });
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    for (const name of ['sidecar.jpg', 'table.jpg', 'both.jpg', 'none.jpg', 'blank-sidecar.jpg'])
      await writeFile(join(dir, name), jpeg);
    await writeFile(join(dir, 'sidecar.jpg.txt'), '  Bronze pergola\n  at   dusk \n');
    await writeFile(join(dir, 'both.jpg.txt'), 'From the sidecar\nes: Del archivo propio');
    await writeFile(join(dir, 'blank-sidecar.jpg.txt'), '   \n');
    await writeFile(
      join(dir, 'captions.yaml'),
      [
        'table.jpg: Roman shade in a bay window',
        'both.jpg: From the table',
        'blank-sidecar.jpg: The table fills in',
        'gone.jpg: A file that is not there',
        'none.jpg: 42',
      ].join('\n'),
    );

    const built = loadCatalogue();
    if (!built.ok) throw new Error('The manifest is invalid.');
    const catalogue = built.catalogue;
    const data = createSiteData({
      catalogue,
      store: new LocalStore({ dataDir }),
      cache: createDataCache({}),
      slotImages: async () => ({}),
    });
    const app = createApp({ config: { dataDir }, catalogue, data, logger: createLogger('silent') });
    server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await rm(dataDir, { recursive: true, force: true });
  });

  const listingFolderId = async (): Promise<string> => {
    const products = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
    const folderId = products.find((p) => p.id === PRODUCT)?.driveFolderId;
    expect(folderId).toBeTruthy();
    return folderId as string;
  };
  const listing = async (): Promise<ApiMediaItem[]> => {
    const res = await fetch(`${base}/api/drive-images/${await listingFolderId()}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ApiMediaItem[];
  };

  it('serves sidecar and captions.yaml captions in the listing; a sidecar wins; none without either', async () => {
    const items = await listing();
    const caption = (name: string) => items.find((i) => i.name === name)?.caption;
    expect(items.map((i) => i.name).sort()).toEqual([
      'blank-sidecar.jpg',
      'both.jpg',
      'none.jpg',
      'sidecar.jpg',
      'table.jpg',
    ]);
    expect(caption('sidecar.jpg')).toBe('Bronze pergola at dusk');
    expect(caption('table.jpg')).toBe('Roman shade in a bay window');
    expect(caption('both.jpg')).toBe('From the sidecar');
    // An empty sidecar says nothing: the table's caption stays.
    expect(caption('blank-sidecar.jpg')).toBe('The table fills in');
    // A value that is not text is no caption (the site then makes a title from the name).
    expect(items.find((i) => i.name === 'none.jpg')).not.toHaveProperty('caption');
  });

  it("gives a Spanish page's photo its Spanish caption in the title, and the English one where there is none", async () => {
    const built = loadCatalogue();
    if (!built.ok) throw new Error('The manifest is invalid.');
    const c = built.catalogue;
    await writeFile(join(dir, 'captions.es.yaml'), 'table.jpg: Cortina romana en un ventanal\n');
    // A gallery of the folder that is published in Spanish.
    const gallery = c.pages.find(
      (p) =>
        kindOf(p.kind).gallery !== undefined &&
        (p.folder === FOLDER || c.products.find((x) => x.id === p.product)?.folder === FOLDER) &&
        pageLanguages(c, p).includes('es'),
    );
    if (!gallery) throw new Error(`No gallery of ${FOLDER} is published in Spanish.`);
    const title = async (path: string) => {
      const res = await fetch(`${base}${pageKey(path)}`);
      expect(res.status).toBe(200);
      const payload = (await res.json()) as RoutePayload;
      return payload.type === 'page' ? payload.head.title : '';
    };
    // The listing is read again (its cache is this test's own, fresh): the Spanish file is in it.
    await fetch(`${base}/api/refresh/${await listingFolderId()}`, { method: 'POST' });
    expect(await title(`/es${photoPath(gallery.path, 'table')}`)).toMatch(/^Cortina romana en un ventanal \| /);
    expect(await title(`/es${photoPath(gallery.path, 'both')}`)).toMatch(/^Del archivo propio \| /);
    expect(await title(photoPath(gallery.path, 'table'))).toMatch(/^Roman shade in a bay window \| /);
    // No Spanish caption: the English one.
    expect(await title(`/es${photoPath(gallery.path, 'sidecar')}`)).toMatch(/^Bronze pergola at dusk \| /);
  });

  it('keeps the caption files out of the gallery and out of the files visitors cannot see', async () => {
    const store = new LocalStore({ dataDir });
    const id = (await store.resolveFolder(FOLDER))!;
    const contents = await store.listContents(id);
    expect(contents.files.map((f) => f.name)).not.toContain('captions.yaml');
    expect(contents.files.some((f) => f.name.endsWith('.txt'))).toBe(false);
    expect(contents.others).toEqual([]);
  });

  it('cuts a long caption to 300 characters and ignores a captions.yaml that does not parse', async () => {
    const other = join(dataDir, 'other');
    await mkdir(other, { recursive: true });
    await writeFile(join(other, 'long.jpg.txt'), 'x'.repeat(1000));
    await writeFile(join(other, 'captions.yaml'), 'a.jpg: [unclosed\n  : :');
    const names = ['long.jpg', 'long.jpg.txt', 'a.jpg', 'captions.yaml'];
    const captions = await localCaptions(other, names, ['long.jpg', 'a.jpg']);
    expect(captions.get('long.jpg')?.get('')).toBe('x'.repeat(300));
    expect(captions.has('a.jpg')).toBe(false);
  });
});
