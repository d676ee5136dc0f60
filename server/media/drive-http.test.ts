import { mkdtemp } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data/site-data.ts';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { seedFolderPaths } from '../../testing/fake-drive/fixture.ts';
import { createLogger } from '../log.ts';
import { createDriveStore } from './drive.ts';
import type { DriveGuard } from './drive-guard.ts';

/** The site over the drive store over the fake, on loopback, with a clock the test moves. */
let fake: FakeDrive;
let server: Server;
let base: string;
let rootId: string;
let now = Date.parse('2026-03-01T00:00:00Z');
let guard: DriveGuard;

const loaded = loadCatalogue();
if (!loaded.ok) throw new Error('manifest invalid');
const catalogue = loaded.catalogue;
const leaves = catalogue.folders.filter((f) => !catalogue.folders.some((g) => g.parent === f.path)).map((f) => f.path);
const [hot, cold, failing] = leaves as [string, string, string];

const folder = (path: string): string => fake.state.findPath(rootId, path)!;
const get = (path: string): Promise<Response> => fetch(`${base}${path}`);

beforeAll(async () => {
  fake = await FakeDrive.start();
  rootId = await seedFolderPaths(
    fake,
    catalogue.folders.map((f) => f.path),
    { filled: [hot, cold, failing] },
  );
  const store = await createDriveStore({
    credentialsJson: JSON.stringify(fake.serviceAccountKey()),
    rootFolderId: rootId,
    apiRootUrl: fake.rootUrl,
    retry: { retries: 3, sleep: async () => undefined },
    keyBreakers: { clock: () => now },
  });
  guard = store.api.guard;
  const cache = createDataCache({ clock: () => now });
  const data = createSiteData({ catalogue, store, cache, slotImages: async () => ({}) });
  const dataDir = await mkdtemp(join(tmpdir(), 'drive-http-'));
  const app = createApp({ config: { dataDir }, catalogue, data, logger: createLogger('silent') });
  server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await fake.close();
});

describe('drive mode over HTTP', () => {
  // Each test starts with no failure remembered (server/faults tests the pauses).
  beforeEach(() => guard.clear());

  it('answers 500 concurrent requests for one cold folder with exactly one upstream listing', async () => {
    const id = folder(hot);
    await get('/api/products'); // folder ids resolved (and cached); the listing stays cold
    expect(fake.calls('files.list', `'${id}' in parents`)).toBe(0);
    // Hold the upstream listing long enough that the requests arrive while it is in flight.
    fake.faults.setLatency(200, 'files.list');
    const answers = await Promise.all(Array.from({ length: 500 }, () => get(`/api/drive-images/${id}`)));
    fake.faults.setLatency(0, 'files.list');
    expect(answers.map((a) => a.status)).toEqual(Array(500).fill(200));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(new Set(bodies).size).toBe(1);
    expect((JSON.parse(bodies[0]!) as ApiMediaItem[]).map((i) => i.name)).toEqual([
      'photo 1.jpg',
      'photo 2.jpg',
      'photo 3.jpg',
    ]);
    expect(fake.calls('files.list', `'${id}' in parents`)).toBe(1);
  });

  it.each(['backendError', 'rateLimitExceeded'] as const)(
    'keeps serving a cached listing when Drive fails with %s',
    async (kind) => {
      const id = folder(hot);
      const before = await (await get(`/api/drive-images/${id}`)).json();
      now += 60 * 60_000; // past fresh and stale-while-revalidate: the next request must ask Drive
      const calls = fake.calls('files.list', `'${id}' in parents`);
      fake.failNext('files.list', 50, kind);
      fake.failNext('files.get', 50, kind);
      const answer = await get(`/api/drive-images/${id}`);
      fake.faults.clearFailures();
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(before);
      // The store retried (bounded) before the cache fell back on the stale listing.
      expect(fake.calls('files.list', `'${id}' in parents`) - calls).toBe(4);
    },
  );

  it('keeps serving after a Refresh that fails upstream', async () => {
    const id = folder(hot);
    fake.failNext('files.list', 50, 'tooManyRequests');
    fake.failNext('files.get', 50, 'tooManyRequests');
    const answer = await fetch(`${base}/api/refresh/${id}`, { method: 'POST' });
    fake.faults.clearFailures();
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as unknown[]).length).toBe(3);
  });

  it.each(['backendError', 'rateLimitExceeded'] as const)(
    'answers 503 with a message when nothing is cached (%s), and recovers after the pause',
    async (kind) => {
      // Folder ids resolve first (cached); then the cold listing fails.
      await get('/api/products');
      const id = folder(kind === 'backendError' ? cold : failing);
      fake.failNext('files.list', 50, kind);
      fake.failNext('files.get', 50, kind);
      const answer = await get(`/api/drive-images/${id}`);
      fake.faults.clearFailures();
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ error: expect.stringMatching(/try again/i) });
      // and the server is fine once the pause after the failure has passed
      now += 60_000;
      expect((await get(`/api/drive-images/${id}`)).status).toBe(200);
    },
  );
});
