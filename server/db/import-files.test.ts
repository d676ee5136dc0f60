import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { databaseTarget, openSiteDatabase, SQLITE_FILE } from './database.ts';
import { EARLIER_FILES, IMPORTED_SUFFIX, importEarlierFiles, parseSlotMap } from './import-files.ts';

it('keeps only well-formed slot entries', () => {
  const map = parseSlotMap(
    JSON.stringify({
      'homepage-hero': { imageUrl: '/media/slots/abc.jpg' },
      'screens-hero': { imageUrl: '/x.jpg', url: '/y.jpg' },
      bad1: { imageUrl: 'javascript:alert(1)' },
      bad2: { imageUrl: '//evil.example/x.jpg' },
      bad3: 'nope',
    }),
  );
  expect(map).toEqual({
    'homepage-hero': { imageUrl: '/media/slots/abc.jpg', url: '/media/slots/abc.jpg' },
    'screens-hero': { imageUrl: '/x.jpg', url: '/y.jpg' },
  });
  expect(parseSlotMap('[]')).toEqual({});
});

it('moves the slot map, slot images and folder marks of an earlier data directory into the database, once', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'import-files-'));
  try {
    const image = Buffer.from('an image');
    const name = `${createHash('sha256').update(image).digest('hex')}.jpg`;
    await mkdir(join(dataDir, EARLIER_FILES.slotImages));
    await writeFile(join(dataDir, EARLIER_FILES.slotImages, name), image);
    await writeFile(join(dataDir, EARLIER_FILES.slotImages, 'stray.txt'), 'not an image');
    await writeFile(
      join(dataDir, EARLIER_FILES.slotMap),
      JSON.stringify({ hero: { imageUrl: `/media/slot/${name}` } }),
    );
    await writeFile(join(dataDir, EARLIER_FILES.folderMarks), JSON.stringify({ done: ['Pergolas', 'Shades'] }));
    const database = await openSiteDatabase({ file: join(dataDir, SQLITE_FILE) });
    try {
      // What the database holds already wins over the files.
      await database.db
        .insertInto('slot_map')
        .values({ id: 'kept', image_url: '/x.jpg', updated_at: 'then' })
        .execute();
      await importEarlierFiles(database, dataDir);
      await importEarlierFiles(database, dataDir);
      const { db } = database;
      expect(await db.selectFrom('slot_map').select(['id', 'image_url']).orderBy('id').execute()).toEqual([
        { id: 'hero', image_url: `/media/slot/${name}` },
        { id: 'kept', image_url: '/x.jpg' },
      ]);
      const files = await db.selectFrom('slot_image_files').select(['name', 'bytes', 'mime_type']).execute();
      expect(files.map((f) => [f.name, Buffer.from(f.bytes), f.mime_type])).toEqual([[name, image, 'image/jpeg']]);
      expect((await db.selectFrom('folder_marks').select('path').orderBy('path').execute()).map((r) => r.path)).toEqual(
        ['Pergolas', 'Shades'],
      );
      // The files are kept aside for a person, renamed, and not read again.
      expect((await readdir(dataDir)).sort()).toEqual(
        [
          `${EARLIER_FILES.folderMarks}${IMPORTED_SUFFIX}`,
          `${EARLIER_FILES.slotImages}${IMPORTED_SUFFIX}`,
          `${EARLIER_FILES.slotMap}${IMPORTED_SUFFIX}`,
          SQLITE_FILE,
          `${SQLITE_FILE}-shm`,
          `${SQLITE_FILE}-wal`,
        ].sort(),
      );
    } finally {
      await database.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

it('a data directory of an earlier version keeps its consultation requests: consultations.sqlite becomes site.sqlite', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'import-files-'));
  try {
    await writeFile(join(dataDir, 'consultations.sqlite'), 'db');
    await writeFile(join(dataDir, 'consultations.sqlite-wal'), 'wal');
    expect(databaseTarget(undefined, dataDir)).toEqual({ file: join(dataDir, SQLITE_FILE) });
    expect((await readdir(dataDir)).sort()).toEqual([SQLITE_FILE, `${SQLITE_FILE}-wal`]);
    expect(databaseTarget('postgres://h/db', dataDir)).toEqual({ url: 'postgres://h/db' });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
