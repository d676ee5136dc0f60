import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrate, openDatabase, type Database } from '../db/database.ts';
import { composeMail } from './mail.ts';
import { Outbox } from './outbox.ts';
import { RequestStore } from './store.ts';
import { startSmtp, type TestSmtp } from '../../testing/consultations/smtp.ts';
import { testSettings } from '../../testing/consultations/settings.ts';

const settings = testSettings();
const request = (i: number) => ({
  name: `Visitor ${i} &lt;x&gt;`,
  phone: '555 010 2000',
  email: `v${i}@example.com`,
  place: 'Springfield',
  products: ['screens'],
  times: '',
  message: 'Call me &amp; my partner',
});

let dir: string;
let database: Database;
let store: RequestStore;
let smtp: TestSmtp;
let outbox: Outbox | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'consult-outbox-'));
  database = openDatabase({ file: join(dir, 'db.sqlite') });
  await migrate(database);
  store = new RequestStore(database);
});
afterEach(async () => {
  await outbox?.stop();
  await smtp?.down();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('consultation mail', () => {
  it('is plain text with what the visitor typed, to the manifest addresses', async () => {
    const row = await store.add(request(1));
    const mail = composeMail(row, settings);
    expect(mail.to).toEqual(settings.notify);
    expect(mail.subject).toBe('Consultation request from Visitor 1 <x>');
    expect(mail.text).toContain('Call me & my partner');
    expect(mail.text).toContain('Outdoor screens');
    expect(mail.messageId).toBe(`<consultation-${row.id}@shadeandshelter.example>`);
  });

  it('mails each request once when the mail server is down, then up', async () => {
    smtp = await startSmtp(0, { startDown: true });
    outbox = new Outbox(store, () => settings, { smtpUrl: smtp.url, baseMs: 20, maxMs: 200, pollMs: 20 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await store.add(request(i))).id);
    outbox.start();
    // Every entry has been tried and failed at least once while the server is down.
    await vi.waitFor(
      async () => {
        for (const id of ids) expect((await store.outbox(id))?.attempts).toBeGreaterThanOrEqual(2);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect((await store.counts()).unsent).toBe(10);
    expect((await store.outbox(ids[0]!))?.last_error).toMatch(/ECONNREFUSED/);

    await smtp.up();
    await vi.waitFor(async () => expect((await store.counts()).unsent).toBe(0), { timeout: 20_000, interval: 50 });
    await outbox.stop();
    const expected = ids.map((id) => `<consultation-${id}@shadeandshelter.example>`).sort();
    expect(smtp.messageIds().sort()).toEqual(expected);
  });

  it('two senders on one database mail each request once', async () => {
    smtp = await startSmtp();
    for (let i = 0; i < 20; i++) await store.add(request(i));
    const a = new Outbox(store, () => settings, { smtpUrl: smtp.url, pollMs: 10 });
    const b = new Outbox(new RequestStore(database), () => settings, { smtpUrl: smtp.url, pollMs: 10 });
    a.start();
    b.start();
    await vi.waitFor(async () => expect((await store.counts()).unsent).toBe(0), { timeout: 20_000, interval: 50 });
    await Promise.all([a.stop(), b.stop()]);
    expect(smtp.messages).toHaveLength(20);
    expect(new Set(smtp.messageIds()).size).toBe(20);
  });
});
