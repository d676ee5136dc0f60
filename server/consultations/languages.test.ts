import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSULTATION_API } from '../../engine/shared/consultation.ts';
import { startPostgres, type TestPostgres } from '../../testing/consultations/postgres.ts';
import { messageAt, startConsultServer, type ConsultServer } from '../../testing/consultations/server.ts';
import { testSettings } from '../../testing/consultations/settings.ts';
import { startSmtp, type TestSmtp } from '../../testing/consultations/smtp.ts';
import { signInAs } from '../../testing/staff-harness.ts';
import { SQLITE_FILE, type DatabaseTarget } from '../db/database.ts';

/**
 * Consultation requests in the visitor's language, over real HTTP, on SQLite and PostgreSQL: checked
 * and answered in it, stored with it, and shown and mailed to staff (in English) with it.
 */

const settings = testSettings();
const spanish = settings.translations['es'];
if (!spanish) throw new Error('The manifest has no Spanish (site.languages: [en, es]).');
// The Spanish site's own address of the page (the plain form posts there).
expect(spanish.page.path).not.toBe(settings.page.path);
const good = {
  name: 'Lucía Pérez',
  phone: '+1 (305) 555-0199',
  email: 'lucia@example.com',
  place: 'Hialeah',
  products: ['screens'],
  times: 'Por las mañanas',
  message: 'Un porche de 6 x 4 m',
  consent: 'yes',
};
const form = (values: Record<string, string | string[]>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) for (const x of [v].flat()) p.append(k, x);
  return p.toString();
};
/** A raw mail's text, its quoted-printable undone. */
const decoded = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (hex) => Buffer.from(hex.replace(/=/g, ''), 'hex').toString('utf8'));

let pg: TestPostgres;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'consult-languages-'));
  pg = await startPostgres();
});
afterAll(() => {
  pg?.stop();
  rmSync(root, { recursive: true, force: true });
});

let n = 0;
const targets: Array<[string, (dir: string) => DatabaseTarget]> = [
  ['SQLite', (dir) => ({ file: join(dir, SQLITE_FILE) })],
  ['PostgreSQL', () => ({ url: pg.createDatabase(`languages_${++n}`) })],
];

describe.each(targets)('consultation requests in Spanish on %s', (_name, target) => {
  let server: ConsultServer;
  let smtp: TestSmtp;
  beforeEach(async () => {
    const dir = mkdtempSync(join(root, 'data-'));
    smtp = await startSmtp();
    server = await startConsultServer(dir, { smtpUrl: smtp.url }, target(dir));
    return async () => {
      await server.close();
      await smtp.down();
    };
  });
  const postJson = (body: unknown) =>
    fetch(`${server.base}${CONSULTATION_API}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify(body),
    });
  const postForm = (path: string, values: Record<string, string | string[]>) =>
    fetch(`${server.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
      body: form(values),
    });

  it('stores a Spanish request with es, thanks in Spanish, and staff read "Spanish" in the list, the CSV and the mail', async () => {
    const res = await postJson({ ...good, language: 'es' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; message: string };
    expect(body.message).toBe(spanish.texts['thankYouBody']);
    expect(body.message).not.toBe(settings.texts['thankYouBody']);
    expect((await server.consultations.store.get(body.id))?.language).toBe('es');

    const cookie = await signInAs(server, 'office');
    const page = await (await fetch(`${server.base}/admin/requests`, { headers: { cookie } })).text();
    const row = page.slice(page.indexOf(`data-id="${body.id}"`));
    expect(row.slice(0, row.indexOf('</tr>'))).toContain('<td>Spanish</td>');
    expect(page).toContain('<th scope="col">Language</th>');
    const csv = (await (await fetch(`${server.base}/admin/requests.csv`, { headers: { cookie } })).text()).trim();
    expect(csv.split('\r\n')[1]).toMatch(new RegExp(`,${body.id},es$`));

    await vi.waitFor(() => expect(smtp.messages.length).toBe(1), { timeout: 10_000 });
    const mail = decoded(smtp.messages[0] ?? '');
    expect(mail).toContain('Language: Spanish (es) — reply in Spanish');
    // The rest of the mail stays in the staff's language.
    expect(mail).toContain(`${settings.texts['nameLabel']}: Lucía Pérez`);
  });

  it('answers a Spanish request with a wrong field in Spanish, as JSON and as the plain form', async () => {
    const res = await postJson({ ...good, email: 'lucia@', language: 'es' });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; errors: Record<string, string> };
    expect(body.errors).toEqual({ email: spanish.texts['emailError'] });
    expect(body.errors['email']).not.toBe(settings.texts['emailError']);
    expect(body.error).toBe(spanish.texts['errorTitle']);

    const bad = await postForm(spanish.page.path, { ...good, consent: [], language: 'es' });
    expect(bad.status).toBe(422);
    const html = await bad.text();
    // The Spanish page again, with the Spanish message at its field.
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/<header[\s>][\s\S]*<footer[\s>]/);
    expect(messageAt(html, 'consent')).toBe(spanish.texts['consentError']);
    expect(html).toContain(`action="${spanish.page.path}"`);
    expect(html).toMatch(/<input type="hidden" name="language" value="es"/);
    expect(await server.consultations.store.list()).toEqual([]);

    // A form that does not say its language is in the language of the page it was posted to.
    const unsaid = await postForm(spanish.page.path, { ...good, email: 'lucia@' });
    expect(unsaid.status).toBe(422);
    expect(messageAt(await unsaid.text(), 'email')).toBe(spanish.texts['emailError']);

    const ok = await postForm(spanish.page.path, { ...good, language: 'es' });
    expect(ok.url).toBe(`${server.base}${spanish.page.path}/sent`);
    expect(ok.status).toBe(200);
    const thanks = await ok.text();
    expect(thanks).toContain('<html lang="es"');
    expect(thanks).toContain(spanish.texts['thankYouBody']);
    expect(thanks).toContain('href="/es"');
  });

  it('stores a request in a language the site does not have, or with none, in the default language', async () => {
    for (const language of ['fr', 'ES', 42, undefined]) {
      const res = await postJson({ ...good, language });
      expect(res.status).toBe(201);
      const { id, message } = (await res.json()) as { id: string; message: string };
      expect(message).toBe(settings.texts['thankYouBody']);
      expect((await server.consultations.store.get(id))?.language).toBe('en');
    }
  });
});
