import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { createDriveStore } from '../media/drive.ts';
import {
  jpeg,
  PASSWORD,
  signInAs,
  startStaffServer,
  testCatalogue,
  truncatedJpeg,
  upload,
  type StaffServer,
} from '../../testing/staff-harness.ts';

/** A clock a test moves by hand: the preview-image freshness window without sleeping 30 s. */
const manualClock = () => {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

const dirs: string[] = [];
const tempDir = async (): Promise<string> => {
  const dir = await mkdtemp(join(tmpdir(), 'staff-drive-'));
  dirs.push(dir);
  return dir;
};
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function driveInstance(fake: FakeDrive, rootId: string, clock?: () => number): Promise<StaffServer> {
  const store = await createDriveStore({
    credentialsJson: JSON.stringify(fake.serviceAccountKey()),
    rootFolderId: rootId,
    apiRootUrl: fake.rootUrl,
    retry: { baseMs: 5, maxMs: 20 },
  });
  const srv = await startStaffServer({
    dataDir: await tempDir(),
    store,
    rootFolderId: rootId,
    env: { password: PASSWORD },
    ...(clock ? { clock } : {}),
  });
  closers.push(() => srv.close());
  return srv;
}

const previews = async (srv: StaffServer): Promise<Record<string, { imageUrl: string }>> =>
  (await (await fetch(`${srv.base}/api/preview-images`)).json()) as Record<string, { imageUrl: string }>;

describe('two instances on loopback, one fake Drive', () => {
  let fake: FakeDrive;
  let rootId = '';
  beforeAll(async () => {
    fake = await FakeDrive.start({ serviceAccountQuota: true });
    closers.push(() => fake.close());
    rootId = fake.state.addFolder('Site Media', fake.state.addSharedDrive('Company Media')).id;
  });

  it('a slot image uploaded through the first is served by the second within the 30 s freshness window', async () => {
    const clockB = manualClock();
    const a = await driveInstance(fake, rootId);
    const b = await driveInstance(fake, rootId, clockB.now);
    expect(await previews(b)).toEqual({});

    // Each instance has its own site database here (the slot map is Drive's): a sign-in on each.
    const cookie = await signInAs(a, 'editor');
    const cookieB = await signInAs(b, 'editor');

    const bytes = await jpeg(42, 200);
    const res = await upload(a.base, cookie, 'homepage-hero', bytes);
    expect(res.status).toBe(200);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/media\/thumb\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/large$/);

    // The first instance shows it at once; Drive holds it in 'Site Images' with the slot on the file.
    expect((await previews(a))['homepage-hero']?.imageUrl).toBe(imageUrl);
    const stored = [...fake.state.files.values()].find((f) => f.appProperties['slot'] === 'homepage-hero');
    expect(stored && fake.state.pathOf(stored.id)).toMatch(/Site Images\/homepage-hero\.jpg$/);

    // The second kept its read of the map; once its 30 s are over it reads Drive again and has it.
    expect(await previews(b)).toEqual({});
    clockB.advance(30_000);
    expect((await previews(b))['homepage-hero']?.imageUrl).toBe(imageUrl);
    const served = await fetch(`${b.base}${imageUrl}`, { headers: { accept: 'image/jpeg' } });
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([200, 200]);

    // A second upload to the same slot replaces the first (the older file goes to the trash).
    const again = await upload(b.base, cookieB, 'homepage-hero', await jpeg(43, 100));
    const second = ((await again.json()) as { imageUrl: string }).imageUrl;
    expect((await previews(b))['homepage-hero']?.imageUrl).toBe(second);
    expect(stored && fake.state.files.get(stored.id)?.trashed).toBe(true);
  });

  it('during a Drive outage serves the last map and asks Drive again only once per freshness window', async () => {
    const clock = manualClock();
    const srv = await driveInstance(fake, rootId, clock.now);
    const cookie = await signInAs(srv, 'editor');
    expect((await upload(srv.base, cookie, 'homepage-pergolas', await jpeg(51))).status).toBe(200);
    const before = await previews(srv);
    expect(before['homepage-pergolas']).toBeDefined();
    const calls = (): number => fake.faults.log.filter((c) => c.op.startsWith('files.')).length;
    fake.faults.failAll('unavailable');
    try {
      clock.advance(30_000);
      const start = calls();
      expect(await previews(srv)).toEqual(before); // one failed read, with its retries
      const firstFailure = calls() - start;
      expect(firstFailure).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++) expect(await previews(srv)).toEqual(before);
      clock.advance(29_000);
      expect(await previews(srv)).toEqual(before);
      expect(calls() - start).toBe(firstFailure); // no new Drive call within the window
      clock.advance(1_000);
      expect(await previews(srv)).toEqual(before);
      // Then at most one more try: the store's own breaker may still be pausing that call (its pause
      // runs on the wall clock), and a probe after a pause asks once, without retries.
      expect(calls() - start).toBeGreaterThanOrEqual(firstFailure);
      expect(calls() - start).toBeLessThanOrEqual(2 * firstFailure);
    } finally {
      fake.faults.failAll(null);
    }
    clock.advance(30_000);
    expect(await previews(srv)).toEqual(before);
  });

  it('refuses a truncated JPEG with 422 before anything reaches Drive', async () => {
    const srv = await driveInstance(fake, rootId);
    const cookie = await signInAs(srv, 'editor');
    const creates = fake.calls('files.create');
    const res = await upload(srv.base, cookie, 'pergolas-hero', await truncatedJpeg());
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/cannot be read/);
    expect(fake.calls('files.create')).toBe(creates);
  });

  it('folder setup: scan marks what exists, create missing makes every folder on Drive', async () => {
    const srv = await driveInstance(fake, rootId);
    const cookie = await signInAs(srv, 'editor');
    const paths = testCatalogue().folders.map((f) => f.path);
    const post = (path: string) =>
      fetch(`${srv.base}${path}`, {
        method: 'POST',
        headers: { cookie, origin: srv.base, 'content-type': 'application/json' },
      });
    fake.state.addFolder('Screens', rootId);
    const scanned = (await (await post('/api/scan-drive-folders')).json()) as { foundFolders: string[] };
    expect(scanned.foundFolders).toEqual(['Screens']);
    const created = (await (await post('/api/create-missing-folders')).json()) as { done: string[]; created: string[] };
    expect(created.created).toHaveLength(paths.length - 1);
    expect(created.done).toEqual(paths);
    for (const p of paths) expect(fake.state.findPath(rootId, p)).toBeDefined();
    const rescanned = (await (await post('/api/scan-drive-folders')).json()) as { foundFolders: string[] };
    expect(rescanned.foundFolders).toEqual(paths);
  });
});

describe('a Drive folder outside a Shared Drive', () => {
  it('refuses the upload with a message telling staff to use a Shared Drive, and the map is unchanged', async () => {
    const fake = await FakeDrive.start({ serviceAccountQuota: true });
    closers.push(() => fake.close());
    const rootId = fake.state.addFolder('My Drive Folder').id;
    const srv = await driveInstance(fake, rootId);
    const cookie = await signInAs(srv, 'editor');
    const res = await upload(srv.base, cookie, 'homepage-hero', await jpeg(9));
    expect(res.status).toBe(507);
    expect(((await res.json()) as { error: string }).error).toMatch(/Shared Drive/);
    expect(await previews(srv)).toEqual({});
  });
});
