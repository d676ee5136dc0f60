import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultationRequestInput } from '../../engine/shared/consultation.ts';
import { Migrator, sql } from 'kysely';
import { migrate, openDatabase, type Database, type DatabaseTarget } from '../db/database.ts';
import { migrationProvider } from '../db/migrations.ts';
import { RequestStore } from './store.ts';
import { startPostgres, type TestPostgres } from '../../testing/consultations/postgres.ts';
import { commandActor } from '../staff/audit.ts';

const input = (name: string): ConsultationRequestInput => ({
  name,
  phone: '555 010 2000',
  email: 'ann@example.com',
  place: 'Springfield',
  products: ['aluminum-pergolas', 'screens'],
  times: 'Weekday mornings',
  message: 'A &lt;b&gt; pergola',
});

let pg: TestPostgres;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'consult-store-'));
  pg = await startPostgres();
});
afterAll(() => {
  pg?.stop();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const targets: Array<[string, () => DatabaseTarget]> = [
  ['SQLite', () => ({ file: join(dir, `db-${++n}.sqlite`) })],
  ['PostgreSQL', () => ({ url: pg.createDatabase(`db_${++n}`) })],
];

describe.each(targets)('request store on %s', (_name, target) => {
  let database: Database;
  let now: number;
  let store: RequestStore;
  beforeEach(async () => {
    database = openDatabase(target());
    await migrate(database);
    now = Date.parse('2026-05-01T10:00:00Z');
    store = new RequestStore(database, () => now);
    return () => database.close();
  });

  it('migrates twice without harm and lists requests newest first', async () => {
    await migrate(database);
    await store.add(input('First'));
    now += 1000;
    await store.add(input('Second'));
    const rows = await store.list();
    expect(rows.map((r) => r.name)).toEqual(['Second', 'First']);
    expect(rows[0]).toMatchObject({
      status: 'new',
      products: 'aluminum-pergolas,screens',
      message: 'A &lt;b&gt; pergola',
    });
  });

  it('keeps the requests made before languages, in English, and stores the language of each since', async () => {
    const earlier = openDatabase(target());
    try {
      const migrator = new Migrator({ db: earlier.db, provider: migrationProvider });
      expect((await migrator.migrateTo('0004-manifest-drafts')).error).toBeUndefined();
      await sql`insert into requests (id, created_at, status, name, phone, email, place, products, times, message)
        values ('before', '2026-04-01T10:00:00.000Z', 'new', 'Earlier', '555 010 2000', 'e@example.com',
        'Miami', 'screens', '', '')`.execute(earlier.db);
      await migrate(earlier);
      const later = new RequestStore(earlier, () => now);
      await later.add(input('Later'), 'es');
      expect((await later.list()).map((r) => [r.name, r.language])).toEqual([
        ['Later', 'es'],
        ['Earlier', 'en'],
      ]);
    } finally {
      await earlier.close();
    }
  });

  it('filters by status and marks requests', async () => {
    const a = await store.add(input('A'));
    await store.add(input('B'));
    expect(await store.setStatus(a.id, 'contacted', commandActor())).toBe(true);
    expect(await store.setStatus('00000000-0000-0000-0000-000000000000', 'done', commandActor())).toBe(false);
    expect((await store.list({ status: 'contacted' })).map((r) => r.name)).toEqual(['A']);
    expect((await store.list({ status: 'new' })).map((r) => r.name)).toEqual(['B']);
  });

  it('puts each request in the outbox in the same transaction, and a claim is taken once', async () => {
    const a = await store.add(input('A'));
    expect(await store.outbox(a.id)).toMatchObject({ attempts: 0, sent_at: null });
    const [first, second] = await Promise.all([store.claimDue(60_000), store.claimDue(60_000)]);
    expect([...first!, ...second!].map((c) => c.request.id)).toEqual([a.id]);
    expect(await store.claimDue(60_000)).toEqual([]);
  });

  it('retries a failed entry when its backoff is over, and a sent one never again', async () => {
    const a = await store.add(input('A'));
    await store.claimDue(60_000);
    await store.markFailed(a.id, 'connection refused', 5_000);
    expect(await store.claimDue(60_000)).toEqual([]);
    now += 5_000;
    const again = await store.claimDue(60_000);
    expect(again.map((c) => c.outbox.attempts)).toEqual([2]);
    await store.markSent(a.id);
    now += 3_600_000;
    expect(await store.claimDue(60_000)).toEqual([]);
    expect(await store.counts()).toEqual({ requests: 1, unsent: 0 });
  });

  it('gives an entry whose sender died back after the lease', async () => {
    await store.add(input('A'));
    expect(await store.claimDue(30_000)).toHaveLength(1);
    now += 30_000;
    expect(await store.claimDue(30_000)).toHaveLength(1);
  });
});
