import { cp, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiProduct } from '../../engine/shared/api.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../../scripts/demo-media.ts';
import { createApp } from '../app.ts';
import { FlakyStore } from '../../testing/store-suite/flaky-store.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';
import { REFRESHES_PER_MINUTE } from './refresh.ts';

let base = '';
let store: FlakyStore;
let close: () => Promise<void> = async () => {};

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  const catalogue = built.catalogue;
  const dataDir = await mkdtemp(join(tmpdir(), 'refresh-test-'));
  await cp(await demoDataTemplate(catalogue), dataDir, { recursive: true });
  store = new FlakyStore(new LocalStore({ dataDir }));
  const data = createSiteData({ catalogue, store, cache: createDataCache({}), slotImages: async () => ({}) });
  const app = createApp({ config: { dataDir }, catalogue, data, logger: createLogger('silent') });
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

const post = (path: string) => fetch(`${base}${path}`, { method: 'POST' });

it('two refreshes in a row cost one upstream listing', async () => {
  const products = (await (await fetch(`${base}/api/products`)).json()) as ApiProduct[];
  const id = products.find((p) => p.driveFolderId)?.driveFolderId as string;
  await fetch(`${base}/api/drive-images/${id}`);
  const before = store.listCalls;
  const first = await post(`/api/refresh/${id}`);
  const second = await post(`/api/refresh/${id}`);
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(await second.json()).toEqual(await first.json());
  expect(store.listCalls - before).toBe(1);

  expect((await post('/api/refresh-aggregated/motorized-screens')).status).toBe(200);
  const afterFirst = store.listCalls;
  expect((await post('/api/refresh-aggregated/motorized-screens')).status).toBe(200);
  expect(store.listCalls).toBe(afterFirst);
});

it('limits the refreshes of one client address; reading listings is not limited', async () => {
  let limited: Response | undefined;
  for (let i = 0; i <= REFRESHES_PER_MINUTE && !limited; i++) {
    const res = await post('/api/refresh-aggregated/motorized-screens');
    if (res.status === 429) limited = res;
    else expect(res.status).toBe(200);
  }
  expect(limited?.status).toBe(429);
  expect(((await limited?.json()) as { error: string }).error).toMatch(/too many/i);
  expect((await post('/api/refresh-aggregated/motorized-screens')).status).toBe(429);
  expect((await fetch(`${base}/api/drive-images-aggregated/motorized-screens`)).status).toBe(200);
});
