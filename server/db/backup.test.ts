import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSULTATION_API } from '../../engine/shared/consultation.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { jpeg, PASSWORD, signInAs, upload } from '../../testing/staff-harness.ts';
import { BACKED_UP_TABLES } from './backup.ts';
import { openDatabase, SQLITE_FILE } from './database.ts';

const run = promisify(execFile);

let root = '';
/** The server's working folder: a copy of the manifest and a stand-in build. */
let folder = '';
const servers: SiteProcess[] = [];
const start = async (dataDir: string): Promise<SiteProcess> => {
  const server = await startSiteProcess(folder, {
    DATA_DIR: dataDir,
    STAFF_PASSWORD: PASSWORD,
    CONSULTATION_RATE_LIMIT: '100000',
    DRAIN_SECONDS: '0',
  });
  servers.push(server);
  return server;
};
/** `npm run backup` / `npm run restore` as an operator runs them (the scripts behind them). */
const command = (script: 'backup' | 'restore', dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

async function rows(dataDir: string): Promise<Record<string, number>> {
  const database = openDatabase({ file: join(dataDir, SQLITE_FILE) });
  try {
    const counts: Record<string, number> = {};
    for (const t of BACKED_UP_TABLES) {
      const row = await database.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      counts[t] = Number(row.n);
    }
    // Each request keeps the language it was made in.
    const spanish = await database.db
      .selectFrom('requests')
      .where('language', '=', 'es')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts['requests in es'] = Number(spanish.n);
    // Consistent: no request without its mail outbox entry, none the other way round.
    const orphans = await database.db
      .selectFrom('requests')
      .leftJoin('outbox', 'outbox.request_id', 'requests.id')
      .where('outbox.request_id', 'is', null)
      .select('requests.id')
      .execute();
    expect(orphans).toEqual([]);
    return counts;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'backup-drill-'));
  folder = await siteFolder();
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop('SIGKILL')));
  await rm(root, { recursive: true, force: true });
  await rm(folder, { recursive: true, force: true });
});

it('the drill: back up while requests are written, restore into a fresh DATA_DIR, the same site comes back', async () => {
  const live = join(root, 'live');
  await mkdir(join(live, 'media', 'Pergolas'), { recursive: true });
  await writeFile(join(live, 'media', 'Pergolas', 'note.txt'), 'a local media file');
  const a = await start(live);
  const cookie = await signInAs({ base: a.base, database: { file: join(live, SQLITE_FILE) } }, 'editor');
  for (const [i, slot] of ['homepage-hero', 'screens-hero', 'pergolas-hero'].entries()) {
    expect((await upload(a.base, cookie, slot, await jpeg(200 + i, 96))).status).toBe(200);
  }

  // A steady stream of consultation requests while the backup runs.
  let acknowledged = 0;
  let writing = true;
  const writer = async () => {
    for (let i = 0; writing; i++) {
      const res = await fetch(`${a.base}${CONSULTATION_API}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: a.base },
        body: JSON.stringify({
          name: `Visitor ${i}`,
          phone: '+1 (555) 010-2000',
          email: 'visitor@example.com',
          place: 'Miami',
          products: ['screens'],
          times: 'Mornings',
          message: '',
          consent: 'yes',
          language: i % 2 === 0 ? 'en' : 'es',
        }),
      });
      expect(res.status).toBe(201);
      acknowledged++;
    }
  };
  const writers = Array.from({ length: 4 }, writer);
  while (acknowledged < 20) await new Promise((r) => setTimeout(r, 10));
  const before = acknowledged;
  const file = join(root, 'backups', 'site.tar.gz');
  const made = await command('backup', live, file, '--media');
  const after = acknowledged;
  writing = false;
  await Promise.all(writers);
  console.info(`backup drill: ${after - before} requests acknowledged while the backup ran, ${before} before`);
  expect(made.stdout).toMatch(/^Backup written to .* \(with media\): requests \d+/);

  const restored = join(root, 'restored');
  await command('restore', restored, file);
  const copied = await rows(restored);
  // Every request acknowledged before the backup started is in it; none that did not exist by its end.
  expect(copied['requests']).toBeGreaterThanOrEqual(before);
  expect(copied['requests']).toBeLessThanOrEqual(after + 4);
  expect(copied['requests in es']).toBeGreaterThan(0);
  expect(copied['slot_map']).toBe(3);
  expect(await readFile(join(restored, 'media', 'Pergolas', 'note.txt'), 'utf8')).toBe('a local media file');

  // A server on the restored directory serves the same slot images, byte for byte.
  const b = await start(restored);
  const mapOf = async (base: string) =>
    (await (await fetch(`${base}/api/preview-images`)).json()) as Record<string, { imageUrl: string }>;
  const map = await mapOf(a.base);
  expect(await mapOf(b.base)).toEqual(map);
  for (const { imageUrl } of Object.values(map)) {
    const [one, two] = await Promise.all([a, b].map(async (s) => (await fetch(`${s.base}${imageUrl}`)).arrayBuffer()));
    expect(Buffer.from(two!)).toEqual(Buffer.from(one!));
  }
  // Staff sign in on it with the same accounts (restored, not made again), and the requests are listed there.
  const restoredDb = openDatabase({ file: join(restored, SQLITE_FILE) });
  expect(await restoredDb.db.selectFrom('accounts').select('email').execute()).toContainEqual({
    email: 'editor@staff.test',
  });
  await restoredDb.close();
  expect(await signInAs({ base: b.base, database: { file: join(restored, SQLITE_FILE) } }, 'editor')).toMatch(/=/);

  // With the writes stopped, a second backup and restore give exactly the live row counts.
  const still = join(root, 'backups', 'still.tar.gz');
  await command('backup', live, still);
  const again = join(root, 'again');
  await command('restore', again, still);
  expect(await rows(again)).toEqual(await rows(live));
}, 120_000);

it('refuses to restore into a DATA_DIR that is not empty, and to back up a DATA_DIR without a site database', async () => {
  const full = join(root, 'full');
  await mkdir(full, { recursive: true });
  await writeFile(join(full, 'something'), 'x');
  await expect(command('restore', full, join(root, 'backups', 'still.tar.gz'))).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('is not empty') as unknown,
  });
  await expect(command('backup', join(root, 'nothing-here'), join(root, 'x.tar.gz'))).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('There is no site database') as unknown,
  });
});
