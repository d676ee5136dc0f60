import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openSiteDatabase, SQLITE_FILE, type Database } from '../db/database.ts';
import { loadStaffSecrets, PASSWORD_FILE, showOnTerminal } from './secrets.ts';

let dataDir = '';
const opened: Database[] = [];
const open = async (): Promise<Database> => {
  const database = await openSiteDatabase({ file: join(dataDir, SQLITE_FILE) });
  opened.push(database);
  return database;
};
const stored = async (database: Database) =>
  Object.fromEntries((await database.db.selectFrom('secrets').selectAll().execute()).map((r) => [r.name, r.value]));

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'staff-secrets-'));
});
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('shows a generated password once as a plain line, never in the log; keeps it in the database', async () => {
  let logged = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const shown: string[] = [];
  const database = await open();
  const { password } = await loadStaffSecrets(database, dataDir, {}, logger, (line) => shown.push(line));
  expect(password).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);
  expect((await stored(database))[PASSWORD_FILE]).toBe(password);
  expect(shown).toHaveLength(1);
  expect(shown[0]).toContain(password);
  expect(logged).toContain('npm run staff-password');
  expect(logged).not.toContain(password);
  // Read back on the next start: shown no more.
  await loadStaffSecrets(await open(), dataDir, {}, logger, (line) => shown.push(line));
  expect(shown).toHaveLength(1);
  expect(logged).not.toContain(password);
});

it('servers starting together on one database agree on the password', async () => {
  const handles = await Promise.all([1, 2, 3, 4].map(() => open()));
  const results = await Promise.all(handles.map((d) => loadStaffSecrets(d, dataDir, {}, undefined, () => {})));
  expect(new Set(results.map((r) => r.password)).size).toBe(1);
});

it('takes the password an earlier version kept in DATA_DIR, so staff keep signing in with it', async () => {
  await writeFile(join(dataDir, PASSWORD_FILE), 'kept-password\n', { mode: 0o600 });
  const shown: string[] = [];
  const { password } = await loadStaffSecrets(await open(), dataDir, {}, undefined, (l) => shown.push(l));
  expect(password).toBe('kept-password');
  expect(shown).toEqual([]);
  expect(await readdir(dataDir)).toContain(`${PASSWORD_FILE}.imported`);
  expect(await readdir(dataDir)).not.toContain(PASSWORD_FILE);
});

it('STAFF_PASSWORD wins, and then nothing is stored for it', async () => {
  const database = await open();
  expect(await loadStaffSecrets(database, dataDir, { password: 'pw' })).toEqual({ password: 'pw' });
  expect(await stored(database)).toEqual({});
});

it('writes a generated password only to a terminal; to any other output, how to read it', () => {
  const written: string[] = [];
  const output = (isTTY: boolean) => ({ isTTY, write: (s: string) => written.push(s) > 0 });
  showOnTerminal('abcde-fghjk-mnpqr-stuvw', output(true));
  showOnTerminal('abcde-fghjk-mnpqr-stuvw', output(false));
  expect(written[0]).toContain('abcde-fghjk-mnpqr-stuvw');
  expect(written[1]).not.toContain('abcde-fghjk-mnpqr-stuvw');
  expect(written[1]).toContain('npm run staff-password');
});
