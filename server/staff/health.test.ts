import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FolderHealthReport } from '../../engine/shared/health.ts';
import { FakeDrive, loadTree } from '../../testing/fake-drive/index.ts';
import { FlakyStore } from '../../testing/store-suite/flaky-store.ts';
import { BIG, EMPTY, IMAGES, MB, PARENT, problemTree, VIDEOS } from '../../testing/health-tree.ts';
import { signInAs, startStaffServer, testCatalogue, type StaffServer } from '../../testing/staff-harness.ts';
import { createDriveStore } from '../media/drive.ts';
import { LocalStore } from '../media/local.ts';

const dirs: string[] = [];
const tempDir = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'staff-health-'));
  dirs.push(dir);
  return dir;
};
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

const getReport = async (srv: StaffServer, cookie: string): Promise<FolderHealthReport> => {
  const res = await fetch(`${srv.base}/api/folder-health`, { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as FolderHealthReport;
};

/** Problem code -> names of the files it lists, for one folder. */
const problemsOf = (report: FolderHealthReport, path: string): Record<string, string[]> => {
  const folder = report.folders.find((f) => f.path === path);
  if (!folder) throw new Error(`no folder ${path} in the report`);
  return Object.fromEntries(folder.problems.map((p) => [p.code, p.files.map((f) => f.name)]));
};

/** What both stores must find in the problem tree. */
function expectProblems(report: FolderHealthReport): void {
  expect(report.folders.map((f) => f.path)).toEqual(testCatalogue().folders.map((f) => f.path));
  expect(problemsOf(report, IMAGES)).toEqual({
    unsupported: ['drawing.psd'],
    noPoster: ['clip.mp4'],
    duplicate: ['awning copy.jpg', 'awning.jpg'],
    videoInPhotos: ['clip.mp4'],
  });
  const images = report.folders.find((f) => f.path === IMAGES)!;
  expect(images).toMatchObject({ state: 'listed', photos: 2, videos: 1 });
  const copies = images.problems.find((p) => p.code === 'duplicate')!.files;
  expect(copies.map((f) => f.sameAs)).toEqual([`${IMAGES}/awning.jpg`, `${IMAGES}/awning copy.jpg`]);
  expect(problemsOf(report, VIDEOS)).toEqual({
    converting: ['legacy.avi'],
    noPoster: ['legacy.avi'],
    photoInVideos: ['porch.jpg'],
  });
  expect(problemsOf(report, EMPTY)).toEqual({ empty: [] });
  expect(problemsOf(report, PARENT)).toEqual({ inParent: ['stray.jpg'] });
  expect(problemsOf(report, BIG)).toMatchObject({ bigPhoto: ['huge.jpg'] });
  // Folders that hold only folders are as they should be; folders never made are missing.
  expect(problemsOf(report, 'Retractable Awnings')).toEqual({});
  expect(problemsOf(report, 'Interior Window Coverings/Blinds/Wood')).toEqual({ missing: [] });
  expect(report.mediaBytes).toBeGreaterThan(21 * MB);
}

describe('folder health, local store', () => {
  let srv: StaffServer;
  let store: FlakyStore;
  let cookie: string;
  beforeAll(async () => {
    const dataDir = await tempDir();
    await problemTree(join(dataDir, 'media'), { bigVideo: true });
    store = new FlakyStore(new LocalStore({ dataDir }));
    srv = await startStaffServer({ dataDir, store });
    closers.push(() => srv.close());
    cookie = await signInAs(srv, 'editor');
  });

  it('is for staff only', async () => {
    expect((await fetch(`${srv.base}/api/folder-health`)).status).toBe(401);
  });

  it('finds each kind of problem in real files, with the disk line', async () => {
    const report = await getReport(srv, cookie);
    expectProblems(report);
    expect(problemsOf(report, 'Aluminum Pergolas/Videos')).toEqual({ bigVideo: ['long.mp4'], noPoster: ['long.mp4'] });
    expect(report.store).toBe('local');
    expect(report.storeDown).toBeNull();
    expect(report.coldCalls).toBeNull();
    expect(report.storage).toMatchObject({ kind: 'local' });
    if (report.storage?.kind !== 'local') throw new Error('no disk line');
    expect(report.storage.total).toBeGreaterThan(report.storage.free);
  });

  it('reads the cached listings: a second look and the galleries ask the store for nothing more', async () => {
    await getReport(srv, cookie);
    const calls = store.listCalls;
    await getReport(srv, cookie);
    const products = (await (await fetch(`${srv.base}/api/products`)).json()) as { driveFolderId?: string }[];
    for (const p of products.filter((p) => p.driveFolderId))
      expect((await fetch(`${srv.base}/api/drive-images/${p.driveFolderId}`)).status).toBe(200);
    expect(store.listCalls).toBe(calls);
  });

  it('shows what it read last while the store fails, and says nothing is cached where nothing is', async () => {
    const dataDir = await tempDir();
    await problemTree(join(dataDir, 'media'));
    const flaky = new FlakyStore(new LocalStore({ dataDir }));
    const other = await startStaffServer({ dataDir, store: flaky });
    closers.push(() => other.close());
    const otherCookie = await signInAs(other, 'editor');
    flaky.failing = true;
    try {
      const cold = await getReport(other, otherCookie);
      expect(cold.storeDown).toMatch(/unreachable/);
      expect(new Set(cold.folders.map((f) => f.state))).toEqual(new Set(['unreadable']));
      expect(problemsOf(cold, IMAGES)).toEqual({ unreadable: [] });
      // The first server read everything before: it keeps showing that, and says the store failed.
      store.failing = true;
      const cached = await getReport(srv, cookie);
      expect(cached.storeDown).toMatch(/unreachable/);
      expectProblems(cached);
    } finally {
      flaky.failing = false;
      store.failing = false;
    }
  });
});

describe('folder health, drive store against the fake Drive', () => {
  let fake: FakeDrive;
  let srv: StaffServer;
  let cookie: string;
  beforeAll(async () => {
    const tree = await tempDir();
    await problemTree(tree);
    fake = await FakeDrive.start();
    closers.push(() => fake.close());
    const rootId = await loadTree(fake.state, tree, {
      rootName: 'Site Media',
      parentId: fake.state.addSharedDrive('Company Media'),
    });
    const store = await createDriveStore({
      credentialsJson: JSON.stringify(fake.serviceAccountKey()),
      rootFolderId: rootId,
      apiRootUrl: fake.rootUrl,
      retry: { retries: 0, baseMs: 5, maxMs: 20 },
      keyBreakers: { baseMs: 1, maxMs: 1 },
    });
    srv = await startStaffServer({ dataDir: await tempDir(), store, rootFolderId: rootId });
    closers.push(() => srv.close());
    cookie = await signInAs(srv, 'editor');
  });

  it('finds the same problems through the real googleapis client, checksums from Drive, quota from about.get', async () => {
    const report = await getReport(srv, cookie);
    expectProblems(report);
    expect(report.store).toBe('drive');
    expect(report.storeDown).toBeNull();
    expect(report.storage).toEqual({ kind: 'drive', usage: expect.any(Number), limit: 15 * 1024 ** 3 });
    if (report.storage?.kind !== 'drive') throw new Error('no quota line');
    expect(report.storage.usage).toBeGreaterThan(21 * MB);
    expect(fake.calls('about.get')).toBe(1);
    // Drive's checksums: no file was downloaded to compare contents.
    expect(fake.calls('files.get.media')).toBe(0);
    // A cold read: one listing per tree level for the ids, then per existing folder one get and one list.
    const existing = report.folders.filter((f) => f.state === 'listed').length;
    const levels = Math.max(...testCatalogue().folders.map((f) => f.depth + 1));
    expect(report.coldCalls).toEqual({ calls: levels + 2 * existing, perMinute: 12_000 });
  });

  it('a second look costs no listing; with Drive down it shows the cached folders and says Drive is down', async () => {
    const lists = fake.calls('files.list');
    await getReport(srv, cookie);
    expect(fake.calls('files.list')).toBe(lists);
    fake.faults.failAll('backendError');
    try {
      const report = await getReport(srv, cookie);
      expect(report.storeDown).not.toBeNull();
      expect(report.storage).toBeNull();
      expectProblems(report);
    } finally {
      fake.faults.clearFailures();
    }
  });
});
