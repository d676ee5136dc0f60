import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { signInAs, startStaffServer, type StaffServer } from '../../testing/staff-harness.ts';
import { ABSOLUTE_MS, IDLE_MS } from './sessions.ts';

let dataDir = '';
let srv: StaffServer;
let now = Date.parse('2026-06-01T08:00:00Z');
const MINUTE = 60 * 1000;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'staff-sessions-'));
  srv = await startStaffServer({ dataDir, clock: () => now });
});
afterAll(async () => {
  await srv.close();
  await rm(dataDir, { recursive: true, force: true });
});

const status = async (cookie: string): Promise<number> =>
  (await fetch(`${srv.base}${STAFF_API.folderSetup}`, { headers: { cookie } })).status;

it('a session ends after 2 hours without a request, and its row with it', async () => {
  const cookie = await signInAs(srv, 'editor');
  now += IDLE_MS - MINUTE;
  expect(await status(cookie)).toBe(200);
  // The request above was seen: the idle time counts from it.
  now += IDLE_MS - MINUTE;
  expect(await status(cookie)).toBe(200);
  now += IDLE_MS + MINUTE;
  expect(await status(cookie)).toBe(401);
  const rows = await srv.database.db.selectFrom('sessions').selectAll().execute();
  expect(rows).toEqual([]);
});

it('a session ends 12 hours after signing in, however busy', async () => {
  const cookie = await signInAs(srv, 'editor');
  for (let worked = 0; worked + 30 * MINUTE < ABSOLUTE_MS; worked += 30 * MINUTE) {
    expect(await status(cookie)).toBe(200);
    now += 30 * MINUTE;
  }
  // Exactly 12 hours in it still holds; a moment later it has ended.
  now += 30 * MINUTE;
  expect(await status(cookie)).toBe(200);
  now += 1;
  expect(await status(cookie)).toBe(401);
});
