import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay } from '../resilience/backoff.ts';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { jpeg, seedTree, videoBytes, type SeededTree } from '../../testing/fake-drive/fixture.ts';
import { ConfigError } from '../config.ts';
import { createDriveStore, type DriveStore, type DriveStoreOptions } from './drive.ts';
import { StoreError } from './types.ts';

let fake: FakeDrive;
let tree: SeededTree;
let store: DriveStore;
let now = Date.parse('2026-01-01T00:00:00Z');

/** A store over the fake, authenticating as a service account whose key names the fake's token URL. */
const storeOver = (
  over: FakeDrive,
  rootFolderId: string,
  options: Partial<DriveStoreOptions> = {},
): Promise<DriveStore> =>
  createDriveStore({
    credentialsJson: JSON.stringify(over.serviceAccountKey()),
    rootFolderId,
    apiRootUrl: over.rootUrl,
    retry: { sleep: async () => undefined },
    ...options,
  });

const names = (files: readonly { name: string }[]): string[] => files.map((f) => f.name);

beforeAll(async () => {
  fake = await FakeDrive.start({ maxPageSize: 2, now: () => now, thumbnailTtlMs: 60_000 });
  tree = await seedTree(fake);
  store = await storeOver(fake, tree.rootId);
});
afterAll(() => fake.close());

describe('drive store: listing', () => {
  it('lists every page of a folder, media only, sorted naturally by name', async () => {
    const folderId = tree.folders['Gallery']!;
    const before = fake.calls('files.list', folderId);
    const files = await store.listFolder(folderId);
    expect(names(files)).toEqual(['a.jpg', 'b.png', 'img 1.jpg', 'img 2.jpg', 'img 10.jpg']);
    // 7 entries match the query (5 images, a Google Doc, a sub-folder is excluded by q): 2 per page.
    expect(fake.calls('files.list', folderId) - before).toBe(3);
  });

  it('asks only for the fields it needs, with sizes and upload times, on all drives, and hands out no thumbnailLink', async () => {
    const folderId = tree.folders['Gallery']!;
    const files = await store.listFolder(folderId);
    const call = fake.faults.callsOf('files.list', folderId).at(-1)!;
    const fields = call.params.get('fields')!;
    expect(fields).toContain('nextPageToken');
    expect(fields).toContain('imageMediaMetadata(width,height');
    // A video's length and every file's upload time: the structured data of video galleries.
    expect(fields).toContain('videoMediaMetadata(width,height,durationMillis)');
    expect(fields).toContain('createdTime');
    expect(fields).toContain('md5Checksum');
    expect(fields).not.toContain('thumbnailLink');
    expect(call.params.get('q')).toContain('trashed = false');
    expect(files.find((f) => f.name === 'img 2.jpg')).toMatchObject({ width: 30, height: 40, mimeType: 'image/jpeg' });
    expect(files[0]).toMatchObject({
      viewUrl: `https://drive.google.com/file/d/${files[0]!.id}/view`,
      hasThumbnail: true,
      uploaded: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(files[0]!.version).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(JSON.stringify(files)).not.toContain('/thumb/');
    for (const c of fake.faults.log.filter((l) => l.op.startsWith('files.'))) {
      expect(c.params.get('supportsAllDrives')).toBe('true');
      if (c.op === 'files.list') expect(c.params.get('includeItemsFromAllDrives')).toBe('true');
    }
  });

  it('describes videos: Drive thumbnail, poster file beside it, or none', async () => {
    const files = await store.listFolder(tree.folders['Videos']!);
    expect(names(files)).toEqual(['clip.mp4', 'poster-only.mp4', 'raw.mov']);
    expect(files.map((f) => f.hasThumbnail)).toEqual([true, true, false]);
    expect(files[0]).toMatchObject({ width: 1920, height: 1080, mimeType: 'video/mp4' });
    expect(await store.thumbnailSource(tree.files['Videos/raw.mov']!)).toBeNull();
    const poster = await store.thumbnailSource(tree.files['Videos/poster-only.mp4']!);
    expect((await sharp(poster!).metadata()).width).toBe(48);
  });

  it('turns away files elsewhere in Drive, even ones the service account can see', async () => {
    const elsewhere = fake.state.addFolder('Private', tree.driveId);
    const secret = fake.state.addFile({
      name: 'secret.jpg',
      mimeType: 'image/jpeg',
      parents: [elsewhere.id],
      content: await jpeg(8, 8),
    });
    await expect(store.getFile(secret.id)).rejects.toMatchObject({ code: 'not-found' });
    expect((await store.getFile(tree.files['Gallery/a.jpg']!)).name).toBe('a.jpg');
  });

  it('answers not-found for unknown, trashed and non-folder ids', async () => {
    await expect(store.listFolder('1nope')).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.listFolder(tree.files['Gallery/a.jpg']!)).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.getFile(tree.files['Gallery/old.jpg']!)).rejects.toMatchObject({ code: 'not-found' });
    await expect(store.getFile(tree.folders['Gallery']!)).rejects.toMatchObject({ code: 'not-found' });
    expect(await store.listFolder(tree.folders['Empty']!)).toEqual([]);
  });

  it('sees a shared drive only because every call says so (the fake hides it otherwise)', async () => {
    const folderId = tree.folders['Gallery']!;
    const token = fake.auth.issueToken();
    const bare = await fetch(`${fake.url}/drive/v3/files?q=${encodeURIComponent(`'${folderId}' in parents`)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await bare.json()).toEqual({ kind: 'drive#fileList', incompleteSearch: false, files: [] });
    expect((await store.listFolder(folderId)).length).toBe(5);
  });
});

describe('drive store: folders', () => {
  it('resolves manifest paths by walking from the root; a fixed id wins', async () => {
    expect(await store.resolveFolder('Deep/Er/Still')).toBe(tree.folders['Deep/Er/Still']);
    expect(await store.resolveFolder('Deep/Missing')).toBeNull();
    expect(await store.resolveFolder('Whatever/Path', tree.folders['Videos'])).toBe(tree.folders['Videos']);
    expect(await store.resolveFolder('Gallery', '1AbsentFixedId')).toBe(tree.folders['Gallery']);
  });

  it('resolves many paths in one walk: one listing per tree level (and its pages), fixed ids by id', async () => {
    const before = { list: fake.calls('files.list'), get: fake.calls('files.get') };
    const found = await store.resolveFolders([
      { path: 'Gallery/Sub' },
      { path: 'Deep/Er/Still' },
      { path: 'Deep/Missing' },
      { path: 'Missing/Child' },
      { path: 'Empty' },
      { path: 'Whatever/Path', fixedId: tree.folders['Videos'] },
      { path: 'Videos', fixedId: '1AbsentFixedId' },
    ]);
    expect(Object.fromEntries(found)).toEqual({
      'Gallery/Sub': tree.folders['Gallery/Sub'],
      'Deep/Er/Still': tree.folders['Deep/Er/Still'],
      'Deep/Missing': null,
      'Missing/Child': null,
      Empty: tree.folders['Empty'],
      'Whatever/Path': tree.folders['Videos'],
      Videos: tree.folders['Videos'],
    });
    // Level 1: Gallery, Deep, Empty, Videos of the root (2 pages of 2); level 2: the children of
    // Gallery and Deep in one query; level 3: Deep/Er's. Two fixed ids: one files.get each.
    const calls = fake.faults.log.filter((c) => c.op === 'files.list').slice(before.list);
    expect(calls).toHaveLength(4);
    const level2 = calls[2]!.subject;
    expect(new Set([...level2.matchAll(/'([^']+)' in parents/g)].map((m) => m[1]))).toEqual(
      new Set([tree.folders['Gallery'], tree.folders['Deep']]),
    );
    expect(level2).toMatch(
      /^\('[^']+' in parents or '[^']+' in parents\) and mimeType = 'application\/vnd.google-apps.folder' and trashed = false and \(name = 'Er' or name = 'Missing' or name = 'Sub'\)$/,
    );
    expect(fake.calls('files.get') - before.get).toBe(2);
  });

  it('takes the oldest of twin folders, as a walk per path did', async () => {
    now += 60_000;
    const twin = fake.state.addFolder('Deep', tree.rootId).id;
    try {
      expect((await store.resolveFolders([{ path: 'Deep/Er' }])).get('Deep/Er')).toBe(tree.folders['Deep/Er']);
      expect(await store.resolveFolder('Deep')).toBe(tree.folders['Deep']);
    } finally {
      fake.state.files.delete(twin);
    }
  });

  it('splits a level into several queries only when its query would grow too long', async () => {
    const wide = await FakeDrive.start();
    try {
      const root = wide.state.addFolder('Site Media', wide.state.addSharedDrive('Company Media')).id;
      const paths: string[] = [];
      const ids: Record<string, string> = {};
      for (let i = 0; i < 100; i++) {
        const parent = wide.state.addFolder(`Product ${i}`, root).id;
        ids[`Product ${i}/Images`] = wide.state.addFolder('Images', parent).id;
        paths.push(`Product ${i}/Images`);
      }
      const s = await storeOver(wide, root);
      const found = await s.resolveFolders(paths.map((path) => ({ path })));
      expect(Object.fromEntries(found)).toEqual(ids);
      const calls = wide.faults.callsOf('files.list');
      // Root level: one query. The 100 parents of the second level: 4 queries of 25 parents (each well
      // under 2000 characters), where one query per parent folder would take 100.
      expect(calls).toHaveLength(5);
      for (const c of calls) expect(c.subject.length).toBeLessThanOrEqual(2100);
    } finally {
      await wide.close();
    }
  });

  it('scans which paths exist with the same walk', async () => {
    const before = fake.calls('files.list');
    const paths = ['Gallery', 'Deep/Er/Still', 'Deep/Er/Nope', 'Missing/Child', 'Videos'];
    expect(await store.existingFolders(paths)).toEqual(['Gallery', 'Deep/Er/Still', 'Videos']);
    // One listing (of up to 2 pages here) per level whose folders have wanted children: root, Deep,
    // Deep/Er. A walk per path would need a call per path segment instead.
    const calls = fake.faults.log.slice(-(fake.calls('files.list') - before));
    const parents = new Set(calls.map((c) => /^'([^']+)' in parents/.exec(c.subject)?.[1]));
    expect(parents).toEqual(new Set([tree.rootId, tree.folders['Deep'], tree.folders['Deep/Er']]));
  });

  it('creates missing folders once, even when asked in parallel', async () => {
    const ids = await Promise.all([
      store.createFolder('New/A/B'),
      store.createFolder('New/A/C'),
      store.createFolder('New/A/B'),
    ]);
    expect(ids[0]).toBe(ids[2]);
    expect(fake.state.findPath(tree.rootId, 'New/A/B')).toBe(ids[0]);
    expect(fake.state.findPath(tree.rootId, 'New/A/C')).toBe(ids[1]);
    const twins = [...fake.state.files.values()].filter(
      (f) => f.name === 'A' && f.parents[0] === fake.state.findPath(tree.rootId, 'New'),
    );
    expect(twins).toHaveLength(1);
    expect(await store.existingFolders(['New/A/B', 'New/A/C'])).toEqual(['New/A/B', 'New/A/C']);
  });
});

describe('drive store: bytes', () => {
  it('streams a file whole or by range, reporting the whole size', async () => {
    const id = tree.files['Videos/clip.mp4']!;
    const whole = videoBytes('clip');
    const all = await store.openFile(id);
    expect(all).toMatchObject({ size: whole.length, mimeType: 'video/mp4' });
    expect(Buffer.from(await text(all.stream), 'binary').length).toBeGreaterThan(0);
    const part = await store.openFile(id, { start: 100, end: 199 });
    const chunks: Buffer[] = [];
    for await (const c of part.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(whole.subarray(100, 200));
    expect(part.size).toBe(whole.length);
    const call = fake.faults.callsOf('files.get.media', id).at(-1)!;
    expect(call.status).toBe(206);
    await expect(store.openFile(id, { start: whole.length, end: whole.length + 5 })).rejects.toMatchObject({
      code: 'invalid',
    });
  });

  it('fetches a fresh thumbnailLink every time thumbnail bytes are needed', async () => {
    const id = tree.files['Videos/clip.mp4']!;
    const before = { get: fake.calls('files.get', id), thumb: fake.calls('thumbnail') };
    const first = await store.thumbnailSource(id);
    now += 10 * 60_000; // past the link's lifetime: a stored link would now be refused
    const second = await store.thumbnailSource(id);
    expect(first).not.toBeNull();
    expect(second).toEqual(first);
    expect(fake.calls('files.get', id) - before.get).toBe(2);
    expect(fake.calls('thumbnail') - before.thumb).toBe(2);
    const links = fake.faults
      .callsOf('thumbnail')
      .slice(-2)
      .map((c) => c.subject);
    expect(links[0]).not.toBe(links[1]);
    expect(links[1]).toMatch(/=s1600$/);
  });

  it('gives an image its own bytes as thumbnail source', async () => {
    const source = await store.thumbnailSource(tree.files['Gallery/a.jpg']!);
    expect((await sharp(source!).metadata()).width).toBe(50);
  });
});

describe('drive store: retries', () => {
  const spaced = async (kind: Parameters<FakeDrive['failNext']>[2], failures: number, retries = 4) => {
    const delays: number[] = [];
    const s = await storeOver(fake, tree.rootId, {
      retry: { retries, baseMs: 100, maxMs: 10_000, random: () => 0.5, sleep: async (ms) => void delays.push(ms) },
    });
    const folderId = tree.folders['Empty']!;
    const before = fake.calls('files.list', folderId);
    fake.failNext('files.list', failures, kind);
    const result = await s.listFolder(folderId).catch((e: unknown) => e);
    fake.faults.clearFailures();
    return { result, delays, calls: fake.calls('files.list', folderId) - before };
  };

  it.each(['rateLimitExceeded', 'userRateLimitExceeded', 'tooManyRequests', 'backendError', 'unavailable'] as const)(
    'retries %s with exponential backoff and jitter',
    async (kind) => {
      const { result, delays, calls } = await spaced(kind, 3);
      expect(result).toEqual([]);
      expect(calls).toBe(4);
      expect(delays).toEqual([1, 2, 3].map((n) => backoffDelay(n, 100, 10_000, () => 0.5)));
      expect(delays).toEqual([75, 150, 300]);
    },
  );

  it('gives up after the bounded number of retries with an upstream error', async () => {
    const { result, calls, delays } = await spaced('backendError', 10, 2);
    expect(result).toBeInstanceOf(StoreError);
    expect(result).toMatchObject({ code: 'upstream', status: 503 });
    expect((result as Error).message).toMatch(/Google Drive answered 500 while listing folder/);
    expect(calls).toBe(3);
    expect(delays).toHaveLength(2);
  });

  it('does not retry what another try cannot fix', async () => {
    const { result, calls } = await spaced('storageQuotaExceeded', 1);
    expect(result).toMatchObject({ code: 'quota' });
    expect(calls).toBe(1);
  });

  it('retries a rate-limited download (the reason is only in the streamed error body)', async () => {
    const id = tree.files['Gallery/a.jpg']!;
    const before = fake.calls('files.get.media', id);
    fake.failNext('files.get.media', 2, 'rateLimitExceeded');
    const bytes = await store.thumbnailSource(id);
    expect(bytes).not.toBeNull();
    expect(fake.calls('files.get.media', id) - before).toBe(3);
  });
});

describe('drive store: slot images (issue 5)', () => {
  it('stores a slot image with appProperties and lists the newest per slot', async () => {
    const first = await store.putSlotImage('homepage-hero', await jpeg(32, 18), 'image/jpeg');
    now += 1000;
    const second = await store.putSlotImage('homepage-hero', await jpeg(36, 18), 'image/jpeg');
    await store.putSlotImage('homepage-pergolas', await jpeg(20, 20), 'image/png');
    const listed = await store.listSlotImages();
    expect(Object.keys(listed).sort()).toEqual(['homepage-hero', 'homepage-pergolas']);
    expect(listed['homepage-hero']!.id).toBe(second.id);
    expect(fake.state.files.get(first.id)!.trashed).toBe(true);
    expect(fake.state.files.get(second.id)!.appProperties).toEqual({ slot: 'homepage-hero' });
    expect(fake.state.pathOf(second.id)).toBe('Company Media/Site Media/Site Images/homepage-hero.jpg');
  });

  it('tells staff to use a Shared Drive when Drive refuses for lack of storage', async () => {
    const myDrive = await FakeDrive.start();
    try {
      const { rootId } = await seedTree(myDrive, { shared: false });
      const s = await storeOver(myDrive, rootId);
      const error = await s.putSlotImage('homepage-hero', await jpeg(8, 8), 'image/jpeg').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect(error).toMatchObject({ code: 'quota' });
      expect((error as Error).message).toMatch(/service account has no storage of its own/);
      expect((error as Error).message).toMatch(/Shared Drive/);
      expect(myDrive.calls('files.create')).toBe(2); // the folder (allowed), then the refused upload
    } finally {
      await myDrive.close();
    }
  });
});

describe('drive store: credentials', () => {
  it('runs the service-account JWT flow once against the configured token endpoint (key file)', async () => {
    const other = await FakeDrive.start();
    try {
      const { rootId, folders } = await seedTree(other);
      const dir = await mkdtemp(join(tmpdir(), 'drive-key-'));
      const keyFile = join(dir, 'key.json');
      // A key whose token_uri is Google's: only DRIVE_TOKEN_URL can point it at the fake.
      await writeFile(
        keyFile,
        JSON.stringify({ ...other.serviceAccountKey(), token_uri: 'https://oauth2.googleapis.com/token' }),
      );
      const s = await createDriveStore({
        credentialsFile: keyFile,
        tokenUrl: other.tokenUrl,
        rootFolderId: rootId,
        apiRootUrl: other.rootUrl,
      });
      expect(names(await s.listFolder(folders['Gallery']!))).toHaveLength(5);
      await s.listFolder(folders['Videos']!);
      expect(other.calls('token')).toBe(1);
      const grant = other.faults.callsOf('token')[0]!;
      expect(grant.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('takes a ready access token, and rejects API calls without a valid one', async () => {
    const s = await createDriveStore({
      accessToken: fake.auth.issueToken(),
      rootFolderId: tree.rootId,
      apiRootUrl: fake.rootUrl,
    });
    expect(await s.resolveFolder('Gallery')).toBe(tree.folders['Gallery']);
    const bad = await createDriveStore({
      accessToken: 'ya29.forged',
      rootFolderId: tree.rootId,
      apiRootUrl: fake.rootUrl,
    });
    await expect(bad.resolveFolder('Gallery')).rejects.toMatchObject({ code: 'upstream' });
  });

  it('explains missing or malformed credentials', async () => {
    await expect(createDriveStore({ rootFolderId: tree.rootId })).rejects.toThrow(/GOOGLE_APPLICATION_CREDENTIALS/);
    await expect(
      createDriveStore({ rootFolderId: tree.rootId, credentialsJson: '{"type":"user"}' }),
    ).rejects.toBeInstanceOf(ConfigError);
    await expect(createDriveStore({ credentialsJson: '{}' })).rejects.toThrow(/DRIVE_ROOT_FOLDER_ID/);
  });
});
