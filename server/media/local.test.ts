import { mkdir, mkdtemp, rm, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileIdOf, LocalIndex, safeRelPath } from './local-index.ts';
import { LocalStore } from './local.ts';
import { StoreError } from './types.ts';

const FOLDER = 'Screens/Cable Guided Screens/Videos';

describe('LocalStore', () => {
  let dataDir: string;
  let store: LocalStore;
  const media = (...parts: string[]) => join(dataDir, 'media', ...FOLDER.split('/'), ...parts);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shade-store-'));
    await mkdir(media(), { recursive: true });
    const jpeg = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#123' } })
      .jpeg()
      .toBuffer();
    await writeFile(
      media('b-photo.jpg'),
      await sharp({ create: { width: 30, height: 60, channels: 3, background: '#abc' } })
        .jpeg()
        .toBuffer(),
    );
    await writeFile(media('a-clip.mp4'), Buffer.alloc(2048, 1));
    await writeFile(media('a-clip.poster.jpg'), jpeg);
    await writeFile(media('no-poster.mov'), Buffer.alloc(10, 2));
    await writeFile(media('notes.txt'), 'not media');
    await writeFile(media('.hidden.jpg'), jpeg);
    await writeFile(join(dataDir, 'secret.jpg'), 'outside');
    await symlink(join(dataDir, 'secret.jpg'), media('linked.jpg'));
    store = new LocalStore({ dataDir });
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('resolves manifest paths to stable opaque ids and refuses unsafe paths', async () => {
    const id = await store.resolveFolder(FOLDER);
    expect(id).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(await new LocalStore({ dataDir }).resolveFolder(FOLDER)).toBe(id);
    expect(id).not.toContain('Screens');
    for (const bad of ['../', 'Screens/../..', '..', '', 'a//b', 'a/./b', 'a\\..\\b']) {
      expect(await store.resolveFolder(bad), bad).toBeNull();
    }
    expect(await store.resolveFolder('Screens/Missing')).toBeNull();
  });

  it('resolves many paths at once as it resolves each (a fixed id of a folder wins)', async () => {
    const screens = (await store.resolveFolder('Screens'))!;
    const found = await store.resolveFolders([
      { path: FOLDER },
      { path: 'Screens/Missing' },
      { path: '../' },
      { path: 'Elsewhere', fixedId: screens },
      { path: 'Screens', fixedId: 'noSuchId' },
    ]);
    expect(Object.fromEntries(found)).toEqual({
      [FOLDER]: await store.resolveFolder(FOLDER),
      'Screens/Missing': null,
      '../': null,
      Elsewhere: screens,
      Screens: screens,
    });
  });

  it('lists media files by name with sizes; posters, hidden, non-media files and symlinks are left out', async () => {
    const files = await store.listFolder((await store.resolveFolder(FOLDER)) ?? '');
    expect(files.map((f) => f.name)).toEqual(['a-clip.mp4', 'b-photo.jpg', 'no-poster.mov']);
    const [clip, photo, mov] = files;
    expect(clip).toMatchObject({ mimeType: 'video/mp4', width: 320, height: 180, hasThumbnail: true, size: 2048 });
    expect(photo).toMatchObject({ mimeType: 'image/jpeg', width: 30, height: 60, hasThumbnail: true });
    expect(mov).toMatchObject({ mimeType: 'video/quicktime', hasThumbnail: false });
    expect(await store.thumbnailSource(mov?.id ?? '')).toBeNull();
    expect((await store.thumbnailSource(clip?.id ?? ''))?.length).toBeGreaterThan(100);
  });

  it('reads only the header of an image for its size (a 3 GiB file costs no more than a small one)', async () => {
    const folder = 'Screens/Huge';
    await mkdir(join(dataDir, 'media', ...folder.split('/')), { recursive: true });
    const file = join(dataDir, 'media', ...folder.split('/'), 'huge.jpg');
    const header = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#456' } })
      .jpeg()
      .toBuffer();
    await writeFile(file, header);
    // Sparse: no disk used, but reading the whole file would be 3 GiB (more than a Buffer holds).
    await truncate(file, 3 * 1024 ** 3);
    const [huge] = await store.listFolder((await store.resolveFolder(folder)) ?? '');
    expect(huge).toMatchObject({ name: 'huge.jpg', width: 64, height: 48, size: 3 * 1024 ** 3 });
  });

  it('never serves a file outside the media tree, whatever the id', async () => {
    for (const rel of ['../secret.jpg', `${FOLDER}/linked.jpg`, '../../etc/passwd']) {
      await expect(store.getFile(fileIdOf(rel))).rejects.toBeInstanceOf(StoreError);
      await expect(store.openFile(fileIdOf(rel))).rejects.toMatchObject({ code: 'not-found' });
    }
    expect(safeRelPath('a/../../b')).toBeNull();
    expect(() => new LocalIndex(join(dataDir, 'media')).abs('../secret.jpg')).toThrow(/escapes/);
  });

  it('reads ranges and changes the version when the file changes', async () => {
    const [clip] = await store.listFolder((await store.resolveFolder(FOLDER)) ?? '');
    const opened = await store.openFile(clip?.id ?? '', { start: 10, end: 19 });
    const chunks: Buffer[] = [];
    for await (const c of opened.stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks)).toEqual(Buffer.alloc(10, 1));
    expect(opened.size).toBe(2048);
    await utimes(media('a-clip.mp4'), new Date(), new Date(Date.now() + 5000));
    expect((await store.getFile(clip?.id ?? '')).version).not.toBe(clip?.version);
  });

  it('creates folders and reports which exist', async () => {
    const id = await store.createFolder('Retractable Awnings/Images');
    expect(await store.resolveFolder('Retractable Awnings/Images')).toBe(id);
    expect(await store.listFolder(id)).toEqual([]);
    expect(await store.existingFolders([FOLDER, 'Retractable Awnings/Images', 'Nope/Nothing'])).toEqual([
      FOLDER,
      'Retractable Awnings/Images',
    ]);
    await expect(store.createFolder('../outside')).rejects.toMatchObject({ code: 'invalid' });
  });

  it('forgets a deleted file', async () => {
    await writeFile(media('gone.jpg'), 'x');
    const listed = await store.listFolder((await store.resolveFolder(FOLDER)) ?? '');
    const gone = listed.find((f) => f.name === 'gone.jpg');
    await rm(media('gone.jpg'));
    await expect(store.getFile(gone?.id ?? '')).rejects.toMatchObject({ code: 'not-found' });
  });
});
