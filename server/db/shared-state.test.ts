import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_API } from '../../engine/shared/consultation.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { startPostgres, type TestPostgres } from '../../testing/consultations/postgres.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { jpeg, testCatalogue, upload } from '../../testing/staff-harness.ts';
import { openDatabase } from './database.ts';
import { PASSWORD_FILE } from '../staff/secrets.ts';

// Two real server processes, each with its own DATA_DIR, on one PostgreSQL database: what staff
// change through one, the other shows; what is counted on one, counts on the other.
let pg: TestPostgres;
let url = '';
const dirs: string[] = [];
/** The servers' working folder: a copy of the manifest and a stand-in build. */
let folder = '';
let a: SiteProcess;
let b: SiteProcess;
let password = '';

beforeAll(async () => {
  pg = await startPostgres();
  folder = await siteFolder();
  dirs.push(folder);
  url = pg.createDatabase('shared_state');
  const start = async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'shared-state-'));
    dirs.push(dataDir);
    // No STAFF_PASSWORD: the servers must agree on the one generated in the database.
    return startSiteProcess(folder, {
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      STAFF_PASSWORD: '',
      STAFF_SESSION_SECRET: '',
      CONSULTATION_RATE_LIMIT: '3',
      DRAIN_SECONDS: '0',
    });
  };
  // Started at the same instant: both find an empty database and race to publish the manifest files.
  [a, b] = await Promise.all([start(), start()]);
  const database = openDatabase({ url });
  password = (await database.db.selectFrom('secrets').select('value').where('name', '=', PASSWORD_FILE).execute())[0]!
    .value;
  await database.close();
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  pg?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const post = (base: string, path: string, body: unknown, cookie = '') =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

/** Signs in on `base`; the session cookie. */
async function signIn(base: string): Promise<string> {
  const res = await post(base, STAFF_API.signIn, { password });
  expect(res.status).toBe(204);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('two servers on one PostgreSQL', () => {
  it('started at the same instant on an empty database agree on version 1, without a warning', async () => {
    const database = openDatabase({ url });
    const versions = await database.db.selectFrom('manifest_versions').select('number').execute();
    await database.close();
    expect(versions.map((v) => Number(v.number))).toEqual([1]);
    const warnings = [...a.log, ...b.log].filter((l) => /manifest/i.test(l.msg) && Number(l['level']) >= 40);
    expect(warnings).toEqual([]);
  });

  it('accept the same generated password, and a session made on one is valid on the other', async () => {
    expect(password).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);
    // Never written to an output that is not a terminal; the server that made it says how to read it.
    expect([...a.stderr, ...b.stderr].filter((l) => l.includes(password))).toEqual([]);
    expect([...a.stderr, ...b.stderr].filter((l) => l.includes('npm run staff-password'))).toHaveLength(1);
    const cookie = await signIn(a.base);
    const res = await fetch(`${b.base}${STAFF_API.folderSetup}`, { headers: { cookie } });
    expect(res.status).toBe(200);
  });

  it('a slot image uploaded through one is in the slot map of the other and served by it, renditions too', async () => {
    const cookie = await signIn(a.base);
    const bytes = await jpeg(42, 64);
    const res = await upload(a.base, cookie, 'homepage-hero', bytes);
    expect(res.status).toBe(200);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    const map = (await (await fetch(`${b.base}/api/preview-images`)).json()) as Record<string, { imageUrl: string }>;
    expect(map['homepage-hero']?.imageUrl).toBe(imageUrl);
    const fromA = Buffer.from(await (await fetch(`${a.base}${imageUrl}`)).arrayBuffer());
    const fromB = await fetch(`${b.base}${imageUrl}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(fromA);
    const rendition = await fetch(`${b.base}${imageUrl}/w320`);
    expect(rendition.status).toBe(200);
    expect(rendition.headers.get('content-type')).toMatch(/^image\//);
  });

  it('a folder marked on one shows on the other', async () => {
    const path = testCatalogue().folders[0]!.path;
    const res = await post(a.base, STAFF_API.mark, { path, done: true }, await signIn(a.base));
    expect(res.status).toBe(200);
    const state = await fetch(`${b.base}${STAFF_API.folderSetup}`, { headers: { cookie: await signIn(b.base) } });
    expect(((await state.json()) as { done: string[] }).done).toContain(path);
  });

  it('ten wrong passwords spread over both lock the sign-in on both', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await post(i % 2 ? a.base : b.base, STAFF_API.signIn, { password: 'wrong' });
      expect(res.status).toBe(401);
    }
    for (const base of [a.base, b.base]) {
      expect((await post(base, STAFF_API.signIn, { password })).status).toBe(429);
    }
  });

  it('the consultation rate limit counts requests made to both', async () => {
    const good = {
      name: 'Ann Lee',
      phone: '+1 (555) 010-2000',
      email: 'ann@example.com',
      place: 'Springfield',
      products: ['screens'],
      times: 'Mornings',
      message: '',
      consent: 'yes',
    };
    const answers: number[] = [];
    for (const base of [a.base, b.base, a.base, b.base])
      answers.push((await post(base, CONSULTATION_API, good)).status);
    expect(answers).toEqual([201, 201, 201, 429]);
  });
});
