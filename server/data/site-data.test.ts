import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { createDataCache, createSiteData, type LiveSiteData } from './site-data.ts';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { jpeg, seedFolderPaths } from '../../testing/fake-drive/fixture.ts';
import { createDriveStore } from '../media/drive.ts';

/** A folder of the catalogue that Drive lacks at first (staff create it later). */
const LATE = 'Interior Window Coverings/Blinds/Wood';
/** A folder of the motorized-screens aggregate that Drive lacks at first. */
const LATE_AGGREGATED = 'Screens/Motorized Screens/Pool Cages/Images';
/** files.list of child folders (a folder lookup), not of a folder's files. */
const LOOKUP = "mimeType = 'application/vnd.google-apps.folder'";

let fake: FakeDrive;
let catalogue: Catalogue;
let rootId: string;

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid: run npm run check.');
  catalogue = built.catalogue;
  fake = await FakeDrive.start();
  const paths = catalogue.folders.map((f) => f.path).filter((p) => p !== LATE && p !== LATE_AGGREGATED);
  rootId = await seedFolderPaths(fake, paths, { filled: [catalogue.aggregates['motorized-screens']![0]!] });
});
afterAll(() => fake.close());

/** A data layer over a fresh drive store and an empty cache: a cold start. */
async function coldData(): Promise<LiveSiteData> {
  const store = await createDriveStore({
    credentialsJson: JSON.stringify(fake.serviceAccountKey()),
    rootFolderId: rootId,
    apiRootUrl: fake.rootUrl,
    retry: { sleep: async () => undefined },
  });
  return createSiteData({ catalogue, store, cache: createDataCache({}), slotImages: async () => ({}) });
}

/** files.list and files.get calls made while `fn` runs. */
async function calls(fn: () => Promise<unknown>): Promise<{ list: number; lookups: number; get: number }> {
  const before = {
    list: fake.calls('files.list'),
    lookups: fake.calls('files.list', LOOKUP),
    get: fake.calls('files.get'),
  };
  await fn();
  return {
    list: fake.calls('files.list') - before.list,
    lookups: fake.calls('files.list', LOOKUP) - before.lookups,
    get: fake.calls('files.get') - before.get,
  };
}

const depth = (path: string): number => path.split('/').length;

describe('site data over Drive: resolving the catalogue folders', () => {
  it('resolves the whole catalogue on a cold start with one files.list per tree level', async () => {
    const data = await coldData();
    const paths = catalogue.folders.map((f) => f.path);
    const ids = new Map<string, string | null>();
    const used = await calls(() =>
      Promise.all([
        data.products(),
        data.folderItems('1NoSuchFolderId').catch(() => null),
        ...paths.map(async (p) => ids.set(p, await data.folderId(p))),
      ]),
    );
    // Each level of the tree is one query over all its folders with wanted children (`'a' in parents
    // or 'b' in parents ...`, one page here), so the count is the depth of the deepest folder: 4 with
    // today's manifest, where a walk from the root per path cost one call per path segment (190).
    const levels = Math.max(...paths.map(depth));
    const parents = new Set(['', ...paths.filter((p) => p.includes('/')).map((p) => p.slice(0, p.lastIndexOf('/')))]);
    expect(used.list).toBe(levels);
    expect(used.lookups).toBe(levels);
    expect(used.list).toBeLessThanOrEqual(parents.size);
    // Fixed ids are checked one by one (the manifest gives none today).
    expect(used.get).toBe(catalogue.folders.filter((f) => f.driveId).length);

    // Every folder got its id from Drive; the two left out are missing.
    for (const p of paths) {
      const expected = p === LATE || p === LATE_AGGREGATED ? null : (fake.state.findPath(rootId, p) ?? 'absent');
      expect(ids.get(p), p).toBe(expected);
    }
    expect(used.list).toBeLessThan(paths.map(depth).reduce((a, b) => a + b, 0));
  });

  it('answers from the cache afterwards, unknown folder ids included', async () => {
    const data = await coldData();
    await data.products();
    const used = await calls(async () => {
      await data.products();
      await expect(data.folderItems('1NoSuchFolderId')).rejects.toMatchObject({ code: 'not-found' });
      for (const f of catalogue.folders) await data.folderId(f.path);
    });
    expect(used).toEqual({ list: 0, lookups: 0, get: 0 });
  });

  it('sees a folder created after the cold start once the resolutions are forgotten', async () => {
    const data = await coldData();
    expect(await data.folderId(LATE)).toBeNull();
    const parent = fake.state.findPath(rootId, LATE.slice(0, LATE.lastIndexOf('/')))!;
    const created = fake.state.addFolder(LATE.slice(LATE.lastIndexOf('/') + 1), parent).id;
    try {
      expect(await data.folderId(LATE)).toBeNull(); // still the cached answer
      data.forgetFolders();
      const used = await calls(async () => expect(await data.folderId(LATE)).toBe(created));
      expect(used.lookups).toBe(Math.max(...catalogue.folders.map((f) => depth(f.path))));
      expect(await data.folderItems(created)).toEqual([]);
    } finally {
      fake.state.files.delete(created);
    }
  });

  it("looks again for an aggregate's missing folders when that aggregate is refreshed", async () => {
    const data = await coldData();
    const before = await data.aggregatedItems('motorized-screens');
    expect(before.map((i) => i.name)).toEqual(['photo 1.jpg', 'photo 2.jpg', 'photo 3.jpg']);

    const parent = fake.state.findPath(rootId, LATE_AGGREGATED.slice(0, LATE_AGGREGATED.lastIndexOf('/')))!;
    const folder = fake.state.addFolder('Images', parent).id;
    try {
      fake.state.addFile({
        name: 'new pool cage.jpg',
        mimeType: 'image/jpeg',
        parents: [folder],
        content: await jpeg(16, 12),
        width: 16,
        height: 12,
      });
      expect(await data.aggregatedItems('motorized-screens')).toHaveLength(3);
      const refreshed = await data.refreshAggregated('motorized-screens');
      expect(refreshed.map((i) => i.name)).toContain('new pool cage.jpg');
      expect(await data.folderId(LATE_AGGREGATED)).toBe(folder);
      // Nothing missing any more: a second refresh reloads listings only.
      const used = await calls(() => data.refreshAggregated('motorized-screens'));
      expect(used.lookups).toBe(0);
    } finally {
      for (const f of [...fake.state.files.values()]) if (f.parents.includes(folder)) fake.state.files.delete(f.id);
      fake.state.files.delete(folder);
    }
  });

  it('keeps serving the resolved folders when Drive fails after they were forgotten', async () => {
    const data = await coldData();
    const products = await data.products();
    data.forgetFolders();
    fake.faults.failAll('backendError');
    try {
      expect(await data.products()).toEqual(products);
    } finally {
      fake.faults.failAll(null);
    }
  });
});

describe('site data over Drive: files served by /media', () => {
  const FILLED = () => catalogue.aggregates['motorized-screens']![0]!;
  const UNKNOWN = 'A'.repeat(28);

  it('knows the files of catalogue folders, also those another instance listed', async () => {
    const first = await coldData();
    const items = await first.folderItems((await first.folderId(FILLED())) as string);
    expect(items.length).toBeGreaterThan(0);
    // Another instance (or this one after a restart) never listed that folder: it learns it once.
    const other = await coldData();
    expect((await other.file(items[0]!.id)).name).toBe(items[0]!.name);
  });

  it('refuses an id no listing showed, and asks Drive nothing for the next unknown ids', async () => {
    const data = await coldData();
    await data.products();
    await expect(data.file(UNKNOWN)).rejects.toMatchObject({ code: 'not-found' });
    for (const id of [UNKNOWN, 'B'.repeat(28), 'C'.repeat(33)]) {
      const used = await calls(() => expect(data.file(id)).rejects.toMatchObject({ code: 'not-found' }));
      expect(used).toEqual({ list: 0, lookups: 0, get: 0 });
    }
  });

  it('serves the files of the slot map (Drive keeps slot images outside the catalogue)', async () => {
    const parent = fake.state.findPath(rootId, FILLED())!;
    const loose = fake.state.addFolder('Elsewhere', parent).id;
    const image = fake.state.addFile({
      name: 'slot.jpg',
      mimeType: 'image/jpeg',
      parents: [loose],
      content: await jpeg(8, 8),
      width: 8,
      height: 8,
    });
    try {
      const store = await createDriveStore({
        credentialsJson: JSON.stringify(fake.serviceAccountKey()),
        rootFolderId: rootId,
        apiRootUrl: fake.rootUrl,
        retry: { sleep: async () => undefined },
      });
      const slotUrl = `/media/thumb/${image.id}/v1/large`;
      const data = createSiteData({
        catalogue,
        store,
        cache: createDataCache({}),
        slotImages: async () => ({ 'homepage-hero': { imageUrl: slotUrl, url: slotUrl } }),
      });
      expect((await data.file(image.id)).name).toBe('slot.jpg');
    } finally {
      fake.state.files.delete(image.id);
      fake.state.files.delete(loose);
    }
  });
});
