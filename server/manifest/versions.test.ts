import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../../testing/consultations/postgres.ts';
import { Migrator, type Kysely } from 'kysely';
import { openDatabase, openSiteDatabase, SQLITE_FILE, stamp, type Database } from '../db/database.ts';
import { migrationProvider } from '../db/migrations.ts';
import { keepInside } from './preview.ts';
import { manifestHash, ManifestVersions } from './versions.ts';

let pg: TestPostgres;
let dir = '';
beforeAll(async () => {
  pg = await startPostgres();
  dir = await mkdtemp(join(tmpdir(), 'manifest-versions-'));
}, 60_000);
afterAll(async () => {
  pg?.stop();
  await rm(dir, { recursive: true, force: true });
});

const edit = (base: number, text: string, author = 'Ana') => ({
  base,
  files: [
    { name: 'site.yaml', text },
    { name: 'catalogue.yaml', text: 'products: []\n' },
  ],
  author,
  note: `edit on ${base}`,
  changes: [`adds ${text}`],
});

for (const kind of ['sqlite', 'postgres'] as const) {
  describe(`manifest versions (${kind})`, () => {
    let database: Database;
    let other: Database;
    beforeAll(async () => {
      const target = kind === 'sqlite' ? { file: join(dir, SQLITE_FILE) } : { url: pg.createDatabase('versions') };
      database = await openSiteDatabase(target);
      other = await openSiteDatabase(target);
    });
    afterAll(async () => {
      await database?.close();
      await other?.close();
    });

    it('publishes on the live version only: of two edits on one base, one wins and the other learns what is live', async () => {
      const versions = new ManifestVersions(database);
      expect(await versions.liveNumber()).toBe(0);
      const first = await versions.publish(edit(0, 'a: 1\n'));
      expect(first).toMatchObject({ ok: true, version: { number: 1, author: 'Ana', changes: ['adds a: 1\n'] } });
      // Two servers publish on version 1 at once.
      const [x, y] = await Promise.all([
        versions.publish(edit(1, 'b: 2\n', 'Ben')),
        new ManifestVersions(other).publish(edit(1, 'c: 3\n', 'Cy')),
      ]);
      expect([x.ok, y.ok].sort()).toEqual([false, true]);
      const lost = x.ok ? y : x;
      const won = x.ok ? x : y;
      if (lost.ok || !won.ok) throw new Error('unreachable');
      expect(lost.live.number).toBe(2);
      expect(lost.live.hash).toBe(won.version.hash);
      // Nothing of the losing edit was stored; a stale base is refused too.
      expect((await versions.list()).map((v) => v.number)).toEqual([2, 1]);
      expect((await versions.publish(edit(1, 'd: 4\n'))).ok).toBe(false);
      const live = await versions.live();
      expect(live?.files.map((f) => f.name)).toEqual(['catalogue.yaml', 'site.yaml']);
      expect(live?.hash).toBe(manifestHash(live!.files));
    });
  });
}

describe('a previewed page', () => {
  it('keeps its page links inside the preview, leaves media and bundles alone, drops the speculation rules', () => {
    const html = [
      '<html><head><script type="speculationrules">{"prefetch":[]}</script></head><body>',
      '<a href="/">Home</a><a href="/pergolas?x=1">Pergolas</a><form action="/consultation"></form>',
      '<img src="/media/thumb/a/b/tile"><a href="/media/file/x?download=1">Download</a>',
      '<script src="/assets/entry.js"></script><a href="//elsewhere.example/">Away</a></body></html>',
    ].join('');
    const out = keepInside(html, '/admin/manifest/preview/tok');
    expect(out).not.toContain('speculationrules');
    expect(out).toContain('<meta name="robots" content="noindex">');
    expect(out).toContain('href="/admin/manifest/preview/tok/"');
    expect(out).toContain('href="/admin/manifest/preview/tok/pergolas?x=1"');
    expect(out).toContain('action="/admin/manifest/preview/tok/consultation"');
    expect(out).toContain('src="/media/thumb/a/b/tile"');
    expect(out).toContain('href="/media/file/x?download=1"');
    expect(out).toContain('src="/assets/entry.js"');
    expect(out).toContain('href="//elsewhere.example/"');
  });
});

describe('versions published before staff had accounts', () => {
  it('keep the name typed then, marked as typed; versions published since are signed by an account', async () => {
    const target = { file: join(dir, 'before-accounts.sqlite') };
    const earlier = openDatabase(target);
    // The schema as it was before accounts, with a version published then.
    await new Migrator({ db: earlier.db, provider: migrationProvider }).migrateTo('0007-draft-authors');
    const row = { number: 1, files: '[]', hash: 'h', author: 'Maria', note: '', changes: '[]', created_at: stamp() };
    await (earlier.db as unknown as Kysely<{ manifest_versions: typeof row }>)
      .insertInto('manifest_versions')
      .values(row)
      .execute();
    await earlier.close();
    const database = await openSiteDatabase(target);
    try {
      const versions = new ManifestVersions(database);
      expect(await versions.publish({ ...edit(1, 'a: 1\n'), author: 'Ana Account' })).toMatchObject({ ok: true });
      const list = await versions.list();
      expect(list.map((v) => [v.number, v.author, v.authorTyped])).toEqual([
        [2, 'Ana Account', false],
        [1, 'Maria', true],
      ]);
    } finally {
      await database.close();
    }
  });
});
