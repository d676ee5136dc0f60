import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../engine/node/read.ts';
import { keyOf } from '../../engine/shared/keys.ts';
import { pageKey, type RoutePayload } from '../../engine/shared/page.ts';
import { demoDataTemplate } from '../../scripts/demo-media.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData, type LiveSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { fetchData } from '../data/fetchers.ts';
import { LocalStore } from '../media/local.ts';

let base = '';
let data: LiveSiteData;
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  const catalogue = built.catalogue;
  const dataDir = await mkdtemp(join(tmpdir(), 'data-api-test-'));
  await cp(await demoDataTemplate(catalogue), dataDir, { recursive: true });
  const store = new LocalStore({ dataDir });
  data = createSiteData({ catalogue, store, cache: createDataCache({}), slotImages: async () => ({}) });
  // No build: pages answer 503, their payloads and the API work.
  const app = createApp({ config: { dataDir }, catalogue, data, logger: createLogger('silent'), distDir: dataDir });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

it('answers each data key at its API path with what a page carries under that key (one table, one fetcher)', async () => {
  const seen = new Set<string>();
  const paths = ['/', '/pergolas', '/pergola-fixed-roof-attached-images', '/cable-guided-screens'];
  for (const path of [...paths, '/screens/motorized-screens/pergolas/images']) {
    const payload = (await (await fetch(`${base}${pageKey(path)}`)).json()) as RoutePayload;
    if (payload.type !== 'page') throw new Error(`${path} is not a visitor page`);
    expect(payload.errors, path).toEqual([]);
    for (const [key, value] of Object.entries(payload.fallback)) {
      if (payload.partial?.[key] !== undefined) continue;
      const res = await fetch(`${base}${key}`);
      expect(res.status, key).toBe(200);
      expect(await res.json(), key).toEqual(value);
      seen.add(key.split('/').slice(0, 3).join('/'));
    }
  }
  // Products, slot images, folder listings, folder previews (an aggregate's listing loads with its dialog).
  expect([...seen].sort()).toEqual(['/api/drive-images', '/api/drive-preview', '/api/preview-images', '/api/products']);
  const aggregate = await fetch(`${base}${keyOf('aggregate', 'motorized-screens')}`);
  expect(await aggregate.json()).toEqual(await fetchData(data, 'aggregate', 'motorized-screens'));
});
