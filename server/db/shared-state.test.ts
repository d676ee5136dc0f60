import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_API } from '../../engine/shared/consultation.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { startPostgres, type TestPostgres } from '../../testing/consultations/postgres.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { jpeg, personOf, signInAs, testCatalogue, upload } from '../../testing/staff-harness.ts';
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

/** Signs in on `base` as the harness's editor; the session cookie. */
const signIn = (base: string): Promise<string> => signInAs({ base, database: { url } }, 'editor');
const cookieOf = (res: Response): string => (res.headers.get('set-cookie') ?? '').split(';')[0]!;
const execFileAsync = promisify(execFile);
/** The audit trail as the database has it. */
async function openAudit() {
  const database = openDatabase({ url });
  try {
    return await database.db.selectFrom('audit').selectAll().execute();
  } finally {
    await database.close();
  }
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

  it('the generated setup password creates the owner once (then stops working on both); the session holds on both', async () => {
    expect(password).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);
    // Never written to an output that is not a terminal; the server that made it says how to read it.
    expect([...a.stderr, ...b.stderr].filter((l) => l.includes(password))).toEqual([]);
    expect([...a.stderr, ...b.stderr].filter((l) => l.includes('npm run staff-password'))).toHaveLength(1);
    const owner = { ...personOf('owner'), setupPassword: password };
    const made = await post(a.base, STAFF_API.setup, owner);
    expect(made.status).toBe(204);
    const cookie = cookieOf(made);
    expect((await fetch(`${b.base}${STAFF_API.folderSetup}`, { headers: { cookie } })).status).toBe(200);
    for (const base of [a.base, b.base])
      expect((await post(base, STAFF_API.setup, { ...owner, email: 'other@staff.test' })).status).toBe(410);
  });

  it('sign-out on one ends the session on both', async () => {
    const cookie = await signIn(a.base);
    expect((await fetch(`${b.base}${STAFF_API.folderSetup}`, { headers: { cookie } })).status).toBe(200);
    expect((await post(b.base, STAFF_API.signOut, {}, cookie)).status).toBe(204);
    for (const base of [a.base, b.base])
      expect((await fetch(`${base}${STAFF_API.folderSetup}`, { headers: { cookie } })).status).toBe(401);
  });

  it("suspending a person through one server, or with the command, refuses that person's next request on the other", async () => {
    const owner = await signInAs({ base: a.base, database: { url } }, 'owner');
    const office = await signInAs({ base: a.base, database: { url } }, 'office');
    const list = (cookie: string) => fetch(`${b.base}/admin/requests`, { headers: { cookie }, redirect: 'manual' });
    expect((await list(office)).status).toBe(200);
    const started = performance.now();
    const body = { email: personOf('office').email, status: 'suspended' };
    expect((await post(a.base, STAFF_API.person, body, owner)).status).toBe(204);
    // Checked on every request in the shared database: no waiting, the very next request is refused.
    expect((await list(office)).status).toBe(302);
    console.info(`suspension through a, refused on b after ${(performance.now() - started).toFixed(0)} ms`);
    // A suspended person cannot sign in again either.
    const again = await post(b.base, STAFF_API.signIn, { email: body.email, password: personOf('office').password });
    expect(again.status).toBe(401);

    const translator = await signInAs({ base: b.base, database: { url } }, 'translator');
    const status = () => fetch(`${b.base}/admin/api/translations`, { headers: { cookie: translator } });
    expect((await status()).status).toBe(200);
    const command = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'scripts/staff.ts', 'suspend', personOf('translator').email],
      {
        env: { ...process.env, DATABASE_URL: url },
      },
    );
    expect(command.stdout).toContain('suspended');
    expect((await status()).status).toBe(401);
    const rows = await openAudit();
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'account.change', actor: expect.stringMatching(/^command line \(.+\)$/) }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'account.change', actor: expect.stringContaining(personOf('owner').email) }),
    );
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

  it('ten refused sign-ins spread over both lock the sign-in on both', async () => {
    const { email } = personOf('editor');
    // The refusals of the tests above (setups, a suspended person) counted too: wrong passwords answer
    // 401 until the tenth refusal in all, then 429.
    const statuses: number[] = [];
    for (let i = 0; statuses.at(-1) !== 429 && i < 11; i++)
      statuses.push((await post(i % 2 ? a.base : b.base, STAFF_API.signIn, { email, password: 'wrong' })).status);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeGreaterThan(4);
    for (const base of [a.base, b.base]) {
      expect((await post(base, STAFF_API.signIn, personOf('editor'))).status).toBe(429);
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
