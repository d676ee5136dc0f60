import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { MemoryStore, type Options } from 'express-rate-limit';
import sharp from 'sharp';
import { readManifest } from '../../engine/node/read.ts';
import { backup, restore } from '../../server/db/backup.ts';
import { openSiteDatabase, SQLITE_FILE, stamp, type Database } from '../../server/db/database.ts';
import { databaseCounts } from '../../server/db/rate-counts.ts';
import { databaseSlotImages } from '../../server/staff/slot-images.ts';
import { followVersions } from '../../server/manifest/follow.ts';
import { ManifestVersions } from '../../server/manifest/versions.ts';
import { phonePhoto } from '../phone-photos.ts';

/**
 * `npm run bench ops`: what running for real costs. Backups of demo and real content against a
 * plain file copy of the same database; a rate-limit count in the site database against the
 * library's memory store; how long a publish takes to reach another server reading the same SQLite
 * database (PostgreSQL's NOTIFY is timed by server/manifest/manifest.test.ts).
 */
const ms = (t0: number): number => performance.now() - t0;
const fmt = (n: number): string => n.toFixed(n < 10 ? 2 : 0);

/** A demo-sized picture (800 x 600, as the demo media are). */
const demoPhoto = (seed: number): Promise<Buffer> =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: seed * 40, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();

async function filled(dir: string, real: boolean): Promise<Database> {
  const database = await openSiteDatabase({ file: join(dir, SQLITE_FILE) });
  const requests = real ? 2000 : 20;
  for (let i = 0; i < requests; i++) {
    const id = `req-${i}`;
    await database.db
      .insertInto('requests')
      .values({
        id,
        created_at: stamp(),
        status: 'new',
        status_at: null,
        name: `Visitor ${i}`,
        phone: '+1 555 010 2000',
        email: 'v@example.com',
        place: 'Miami',
        products: 'screens',
        times: 'Mornings',
        message: 'We would like a quote for the back porch, about 20 by 12 feet.',
        language: i % 3 === 0 ? 'es' : 'en',
      })
      .execute();
    await database.db.insertInto('outbox').values({ request_id: id, attempts: 0, next_attempt_at: stamp() }).execute();
  }
  // Real content: phone photos (12 MP, 3-5 MB) uploaded as slot images, kept as their web versions.
  const slots = databaseSlotImages(database);
  for (let i = 0; i < (real ? 12 : 2); i++) {
    const bytes = real ? await phonePhoto(300 + i) : await demoPhoto(i);
    await slots.put(`slot-${i}`, bytes, { mimeType: 'image/jpeg', ext: 'jpg' });
  }
  return database;
}

async function benchBackup(real: boolean): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-backup-'));
  try {
    const database = await filled(join(dir, 'live'), real);
    await database.close();
    const source = join(dir, 'live', SQLITE_FILE);
    let t0 = performance.now();
    await copyFile(source, join(dir, 'copy.sqlite'));
    const copy = ms(t0);
    t0 = performance.now();
    await backup({ dataDir: join(dir, 'live'), file: join(dir, 'site.tar.gz') });
    const made = ms(t0);
    t0 = performance.now();
    await restore({ dataDir: join(dir, 'restored'), file: join(dir, 'site.tar.gz') });
    const restored = ms(t0);
    const size = (await stat(join(dir, 'site.tar.gz'))).size / 1e6;
    const db = (await stat(source)).size / 1e6;
    console.log(
      `  ${real ? 'real' : 'demo'} content: database ${fmt(db)} MB; backup ${fmt(made)} ms (${fmt(size * 1000)} KB file), restore ${fmt(restored)} ms; plain file copy ${fmt(copy)} ms (backup = ${fmt(made / copy)}x the copy)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function benchCounts(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-counts-'));
  const database = await openSiteDatabase({ file: join(dir, SQLITE_FILE) });
  try {
    const options = { windowMs: 60_000 } as Options;
    const stores = { memory: new MemoryStore(), database: databaseCounts(database, 'bench') };
    const each: Record<string, number> = {};
    for (const [name, store] of Object.entries(stores)) {
      store.init?.(options);
      const n = 2000;
      const t0 = performance.now();
      for (let i = 0; i < n; i++) await store.increment(`10.0.${i % 50}.1`);
      each[name] = (ms(t0) * 1000) / n;
    }
    const { memory = 1, database: inDb = 0 } = each;
    console.log(
      `  a rate-limit count: ${fmt(inDb)} us in the site database (SQLite, synchronous=FULL) vs ${fmt(memory)} us in memory (${fmt(inDb / memory)}x); counted only on sign-in, consultation and refresh requests`,
    );
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function benchFollow(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-follow-'));
  const a = await openSiteDatabase({ file: join(dir, SQLITE_FILE) });
  const b = await openSiteDatabase({ file: join(dir, SQLITE_FILE) });
  try {
    const files = readManifest().sources.map((s) => ({ name: basename(s.file), text: s.text }));
    const versions = new ManifestVersions(a);
    await versions.publish({ base: 0, files, author: 'bench', note: '', changes: [] });
    const times: number[] = [];
    // The follower's timer does not hold the process open (a server's listening socket does): this does.
    const awake = setInterval(() => {}, 1000);
    let heard: (() => void) | undefined;
    const following = await followVersions({
      database: b,
      versions: new ManifestVersions(b),
      onVersion: () => heard?.(),
    });
    for (let i = 1; i <= 5; i++) {
      const seen = new Promise<void>((done) => (heard = done));
      const t0 = performance.now();
      await versions.publish({ base: i, files, author: 'bench', note: String(i), changes: [] });
      await seen;
      times.push(ms(t0));
    }
    await following.close();
    clearInterval(awake);
    times.sort((x, y) => x - y);
    console.log(
      `  a publish reaches another server (SQLite, polling each second): median ${fmt(times[2] ?? 0)} ms, worst ${fmt(times[4] ?? 0)} ms of 5 (target: within 2000 ms)`,
    );
  } finally {
    await a.close();
    await b.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function benchOps(): Promise<void> {
  console.log('\nops: backups, rate-limit counts, manifest publishes');
  await benchBackup(false);
  await benchBackup(true);
  await benchCounts();
  await benchFollow();
}
