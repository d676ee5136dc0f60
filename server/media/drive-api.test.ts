import { buffer } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeDrive } from '../../testing/fake-drive/index.ts';
import { videoBytes } from '../../testing/fake-drive/fixture.ts';
import { idleTimeout } from './drive-api.ts';
import { createDriveStore, type DriveStore } from './drive.ts';

/**
 * Downloads over a slow fake Drive. The limits are injected small (400 ms) so that a body taking
 * several times as long as the limit to arrive shows the difference between an overall timeout and
 * an idle one without a slow test.
 */
const LIMIT_MS = 400;
const SIZE = 64 * 1024;

let fake: FakeDrive;
let store: DriveStore;
let fileId: string;
const content = videoBytes('long video', SIZE);

beforeAll(async () => {
  fake = await FakeDrive.start();
  const drive = fake.state.addSharedDrive('Company Media');
  const root = fake.state.addFolder('Site Media', drive);
  const videos = fake.state.addFolder('Videos', root.id);
  fileId = fake.state.addFile({ name: 'long.mp4', mimeType: 'video/mp4', parents: [videos.id], content }).id;
  store = await createDriveStore({
    credentialsJson: JSON.stringify(fake.serviceAccountKey()),
    rootFolderId: root.id,
    apiRootUrl: fake.rootUrl,
    retry: { retries: 0 },
    timeoutMs: LIMIT_MS,
    idleTimeoutMs: LIMIT_MS,
  });
  // The access token is fetched now, so that no test's limit covers signing and exchanging it.
  await store.getFile(fileId);
});
afterEach(() => {
  // Each test starts with no failure remembered (the breakers have their own tests).
  store.api.guard.clear();
  fake.faults.reset();
  fake.faults.setLatency(0);
  fake.faults.setLatency(0, 'files.get.media');
});
afterAll(() => fake.close());

const lastDownload = () => fake.faults.callsOf('files.get.media', fileId).at(-1)!;

describe('drive downloads', () => {
  it('streams a body that takes far longer than the request timeout, as long as bytes keep coming', async () => {
    // 16 chunks 70 ms apart: over a second in all, nearly three times the limit.
    fake.faults.bodyPace = { chunkBytes: SIZE / 16, intervalMs: 70 };
    const opened = await store.openFile(fileId);
    expect(opened.size).toBe(SIZE);
    expect((await buffer(opened.stream)).equals(content)).toBe(true);
  });

  it('fails a body that stops coming for the idle limit, and closes the upstream', async () => {
    fake.faults.bodyPace = { chunkBytes: 4096, intervalMs: 5, stallAfterBytes: 8192 };
    const opened = await store.openFile(fileId);
    const error = await buffer(opened.stream).catch((e: unknown) => e);
    expect(error).toEqual(idleTimeout(LIMIT_MS));
    await vi.waitFor(() => expect(lastDownload().closedEarly).toBe(true));
    expect(lastDownload().sent).toBe(8192);
  });

  it('fails when Drive sends no headers within the idle limit', async () => {
    fake.faults.setLatency(LIMIT_MS * 5, 'files.get.media');
    await expect(store.openFile(fileId)).rejects.toMatchObject({ code: 'upstream', status: 503 });
  });

  it('does not count a reader that stops reading as Drive being idle', async () => {
    const opened = await store.openFile(fileId);
    const first = await new Promise<Buffer>((resolve) => opened.stream.once('data', resolve));
    opened.stream.pause();
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 2));
    expect(Buffer.concat([first, await buffer(opened.stream)]).equals(content)).toBe(true);
  });

  it('closes the upstream when the reader goes away', async () => {
    fake.faults.bodyPace = { chunkBytes: 1024, intervalMs: 5 };
    const opened = await store.openFile(fileId);
    await new Promise((resolve) => opened.stream.once('data', resolve));
    opened.stream.destroy();
    await vi.waitFor(() => expect(lastDownload().closedEarly).toBe(true));
    expect(lastDownload().sent).toBeLessThan(SIZE);
  });
});

describe('drive downloads from a server that ignores Range', () => {
  it('serves exactly the range and closes the upstream once past its end', async () => {
    fake.faults.ignoreRange = true;
    fake.faults.bodyPace = { chunkBytes: 1024, intervalMs: 5 };
    const opened = await store.openFile(fileId, { start: 1500, end: 3499 });
    expect(opened.size).toBe(SIZE);
    expect((await buffer(opened.stream)).equals(content.subarray(1500, 3500))).toBe(true);
    await vi.waitFor(() => expect(lastDownload().closedEarly).toBe(true));
    expect(lastDownload().sent).toBeLessThan(SIZE);
  });

  it('closes the upstream when the reader of a range goes away', async () => {
    fake.faults.ignoreRange = true;
    fake.faults.bodyPace = { chunkBytes: 1024, intervalMs: 5 };
    const opened = await store.openFile(fileId, { start: 2048, end: SIZE - 1 });
    await new Promise((resolve) => opened.stream.once('data', resolve));
    opened.stream.destroy();
    await vi.waitFor(() => expect(lastDownload().closedEarly).toBe(true));
    expect(lastDownload().sent).toBeLessThan(SIZE);
  });
});
