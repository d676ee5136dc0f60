import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiMediaItem, ApiProduct } from '../../engine/shared/api.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { createDriveStore } from './drive.ts';

const PRODUCT = 'roman-shades';
const FOLDER = 'Interior Window Coverings/Shades/Roman';

/**
 * Drive captions (issue 12): a file's Drive description is its caption, through googleapis against
 * the fake Drive and the API over real HTTP.
 */
describe('Drive captions from file descriptions', () => {
  let fake: FakeDrive;
  let dataDir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    fake = await FakeDrive.start();
    const rootId = fake.state.addFolder('Site Media', fake.state.addSharedDrive('Company Media')).id;
    let parent = rootId;
    for (const name of FOLDER.split('/')) parent = fake.state.addFolder(name, parent).id;
    const jpeg = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#468' } })
      .jpeg()
      .toBuffer();
    const add = (name: string, description?: string) =>
      fake.state.addFile({
        name,
        mimeType: 'image/jpeg',
        parents: [parent],
        content: jpeg,
        width: 8,
        height: 6,
        ...(description === undefined ? {} : { description }),
      });
    add('described.jpg', '  Roman shade in linen, half raised \n');
    add('long.jpg', 'y'.repeat(500));
    add('blank.jpg', '   ');
    add('plain.jpg');
    add('bilingual.jpg', 'Roman shade in linen\nes: Cortina romana de lino\n');

    dataDir = await mkdtemp(join(tmpdir(), 'shade-drive-captions-'));
    const built = loadCatalogue();
    if (!built.ok) throw new Error('The manifest is invalid.');
    const catalogue = built.catalogue;
    const store = await createDriveStore({
      credentialsJson: JSON.stringify(fake.serviceAccountKey()),
      rootFolderId: rootId,
      apiRootUrl: fake.rootUrl,
      retry: { baseMs: 5, maxMs: 20 },
    });
    const data = createSiteData({ catalogue, store, cache: createDataCache({}), slotImages: async () => ({}) });
    const app = createApp({ config: { dataDir }, catalogue, data, logger: createLogger('silent') });
    server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    await fake?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists each file with its description, trimmed and cut to 300 characters, as its caption', async () => {
    const products = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
    const folderId = products.find((p) => p.id === PRODUCT)?.driveFolderId;
    expect(folderId).toBeTruthy();
    const res = await fetch(`${base}/api/drive-images/${folderId}`);
    expect(res.status).toBe(200);
    const items = (await res.json()) as ApiMediaItem[];
    const byName = (name: string) => items.find((i) => i.name === name);
    expect(items).toHaveLength(5);
    expect(byName('described.jpg')?.caption).toBe('Roman shade in linen, half raised');
    expect(byName('long.jpg')?.caption).toBe('y'.repeat(300));
    // No description, or only spaces: no caption (the site makes a title from the name).
    expect(byName('blank.jpg')).not.toHaveProperty('caption');
    expect(byName('plain.jpg')).not.toHaveProperty('caption');
    // A line starting `es:` begins the Spanish caption; the text before it is the default one.
    expect(byName('bilingual.jpg')).toMatchObject({
      caption: 'Roman shade in linen',
      captions: { es: 'Cortina romana de lino' },
    });
    expect(byName('described.jpg')).not.toHaveProperty('captions');
  });
});
