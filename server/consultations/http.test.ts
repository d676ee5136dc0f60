import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONSULTATION_API } from '../../engine/shared/consultation.ts';
import { personOf, signInAs } from '../../testing/staff-harness.ts';
import { messageAt, startConsultServer, type ConsultServer } from '../../testing/consultations/server.ts';
import { testSettings } from '../../testing/consultations/settings.ts';
import { Accounts } from '../staff/accounts.ts';

const settings = testSettings();
const good = {
  name: 'Ann <b>Lee</b>',
  phone: '+1 (555) 010-2000',
  email: 'ann@example.com',
  place: 'Springfield',
  products: ['screens', 'aluminum-pergolas'],
  times: 'Mornings',
  message: '<script>alert(1)</script> =SUM(A1)',
  consent: 'yes',
};
const form = (values: Record<string, string | string[]>): string => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) for (const x of [v].flat()) p.append(k, x);
  return p.toString();
};

let dir: string;
let server: ConsultServer;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'consult-http-'));
  server = await startConsultServer(dir);
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
});

const postJson = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}${CONSULTATION_API}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, ...headers },
    body: JSON.stringify(body),
  });

describe('consultation form over HTTP', () => {
  it('stores a JSON request escaped and answers 201', async () => {
    const res = await postJson(good);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string };
    const row = await server.consultations.store.get(body.id);
    expect(row).toMatchObject({
      name: 'Ann &lt;b&gt;Lee&lt;/b&gt;',
      products: 'screens,aluminum-pergolas',
      status: 'new',
    });
    expect(row?.message).not.toContain('<');
  });

  it('answers a plain form POST with a redirect to the thank-you page, and bad fields with their messages, in the page itself', async () => {
    const ok = await fetch(`${server.base}${settings.page.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
      body: form(good),
      redirect: 'manual',
    });
    // Post/Redirect/Get: an address that names no request and no person; reloading it sends nothing.
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe(`${settings.page.path}/sent`);
    for (let reload = 0; reload < 2; reload++) {
      const thanks = await fetch(`${server.base}${settings.page.path}/sent`);
      expect(thanks.status).toBe(200);
      expect(thanks.headers.get('cache-control')).toBe('no-store');
      expect(thanks.headers.get('x-robots-tag')).toBe('noindex');
      // The consultation page itself (header, footer), its thank-you in place of the form.
      const html = await thanks.text();
      expect(html).toMatch(/<header[\s>][\s\S]*<h2[^>]*>[^<]*<\/h2><p>[^<]*<\/p>[\s\S]*<footer[\s>]/);
      expect(html).toContain(settings.texts['thankYouBody']);
      expect(html).not.toContain('<form');
    }

    const bad = await fetch(`${server.base}${settings.page.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
      body: form({ ...good, email: 'nope', products: 'sofas', consent: [] }),
    });
    expect(bad.status).toBe(422);
    expect(bad.headers.get('cache-control')).toBe('no-store');
    const html = await bad.text();
    // The page again, in the site's own frame, with a message at each wrong field only, and what was
    // typed as typed (escaped).
    expect(html).toMatch(/<header[\s>][\s\S]*<form[\s\S]*<footer[\s>]/);
    expect(html).toContain(`>${settings.texts['errorTitle']}</p>`);
    for (const field of ['email', 'products', 'consent'] as const)
      expect(messageAt(html, field), field).toBe(settings.texts[`${field}Error`]);
    expect(messageAt(html, 'name')).toBeUndefined();
    expect(html).toContain('value="Ann &lt;b&gt;Lee&lt;/b&gt;"');
    // A new view: the token slot is filled.
    expect(html).toMatch(/name="token" value="[0-9a-f-]{36}"/);
    expect((await server.consultations.store.list()).length).toBe(1);
  });

  it('gives one message per bad field as JSON', async () => {
    const res = await postJson({
      name: 'A',
      phone: '12',
      email: 'x@y',
      place: '',
      products: [],
      message: 'x'.repeat(2001),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors).sort()).toEqual([
      'consent',
      'email',
      'message',
      'name',
      'phone',
      'place',
      'products',
    ]);
    expect(body.errors['phone']).toBe(settings.texts['phoneError']);
  });

  it('stores one request per form view and fields: the same token sent again stores nothing, changed fields do', async () => {
    const token = 'view-0123456789abcdef';
    const sends = await Promise.all([1, 2, 3].map(() => postJson({ ...good, token })));
    expect(sends.map((r) => r.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(sends.map(async (r) => ((await r.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(1);
    // A reload of a plain post (the browser sends the same body again) stores nothing either.
    const plain = await fetch(`${server.base}${settings.page.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
      body: form({ ...good, token }),
      redirect: 'manual',
    });
    expect(plain.status).toBe(303);
    expect((await server.consultations.store.list()).length).toBe(1);
    // The same view with a corrected phone is another request.
    expect((await postJson({ ...good, phone: '(555) 123-9999', token })).status).toBe(201);
    expect((await server.consultations.store.list()).length).toBe(2);
    // A malformed token is no token: the request still counts, once per send.
    expect((await postJson({ ...good, token: 'x' })).status).toBe(201);
    expect((await server.consultations.store.list()).length).toBe(3);
  });

  it('refuses the honeypot, another origin and an oversized body with 4xx and stores nothing', async () => {
    expect((await postJson({ ...good, website: 'http://spam.example' })).status).toBe(400);
    expect((await postJson(good, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await postJson({ ...good, message: 'x'.repeat(20_000) })).status).toBe(413);
    expect(await server.consultations.store.list()).toEqual([]);
  });

  it('limits requests per address', async () => {
    await server.close();
    server = await startConsultServer(dir, { rateLimit: 2 });
    expect((await postJson(good)).status).toBe(201);
    expect((await postJson(good)).status).toBe(201);
    const third = await postJson(good);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: string }).error).toBe(settings.texts['tooMany']);
    // A plain form post over the limit is refused too, with the page and the visitor's values, and stores nothing.
    const plain = await fetch(`${server.base}${settings.page.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.base },
      body: form({ ...good, name: 'Over The Limit' }),
      redirect: 'manual',
    });
    expect(plain.status).toBe(429);
    expect(await plain.text()).toContain('value="Over The Limit"');
    expect((await server.consultations.store.list()).length).toBe(2);
  });
});

describe('staff requests page', () => {
  it('is behind the sign-in, lists newest first, filters, marks and exports', async () => {
    const first = (await (await postJson({ ...good, name: 'First Person' })).json()) as { id: string };
    await postJson({ ...good, name: 'Second Person' });
    const anon = await fetch(`${server.base}/admin/requests`, { redirect: 'manual' });
    expect(anon.status).toBe(302);
    expect(anon.headers.get('location')).toMatch(/^\/sign-in\?next=/);
    expect((await fetch(`${server.base}/admin/requests.csv`, { redirect: 'manual' })).status).toBe(302);

    const cookie = await signInAs(server, 'office');
    const page = await (await fetch(`${server.base}/admin/requests`, { headers: { cookie } })).text();
    expect(page.indexOf('Second Person')).toBeLessThan(page.indexOf('First Person'));
    // The staff frame, as on every staff page: the tools the person's role opens (this one current),
    // their name and sign-out. An office person has no folder setup.
    expect(page).toContain('<header class="staff-top">');
    expect(page).toContain('<a href="/admin/requests" aria-current="page">');
    expect(page).not.toMatch(/<a href="\/folder-setup">/);
    expect(page).toContain(`<span class="staff-person">${personOf('office').name}</span>`);
    expect(page).toContain('<form method="post" action="/api/staff/sign-out">');
    expect(page).toContain('&lt;script&gt;');
    expect(page).not.toContain('<script>');
    // Columns named for staff, not with the visitor form's labels ('Your name').
    expect(page).toContain('<th scope="col">Name</th>');
    expect(page).not.toContain(`<th scope="col">${settings.texts['nameLabel']}</th>`);

    const mark = await fetch(`${server.base}/admin/requests/${first.id}/status`, {
      method: 'POST',
      headers: {
        cookie,
        origin: server.base,
        'content-type': 'application/x-www-form-urlencoded',
        referer: `${server.base}/admin/requests?status=new`,
      },
      body: 'status=contacted',
      redirect: 'manual',
    });
    expect(mark.status).toBe(303);
    expect(mark.headers.get('location')).toBe('/admin/requests?status=new');
    const contacted = await (
      await fetch(`${server.base}/admin/requests?status=contacted`, { headers: { cookie } })
    ).text();
    expect(contacted).toContain('First Person');
    expect(contacted).not.toContain('Second Person');

    const csv = await fetch(`${server.base}/admin/requests.csv`, { headers: { cookie } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('created_at,status,name,phone,email,place,products,times,message,id,language');
    expect(lines[1]).toContain('Second Person');
    expect(lines[2]).toContain(',contacted,First Person,');
    expect(lines[2]).toContain('<script>alert(1)</script> =SUM(A1)');

    const unsigned = await fetch(`${server.base}/admin/requests/${first.id}/status`, {
      method: 'POST',
      headers: { origin: server.base, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'done' }),
    });
    expect(unsigned.status).toBe(401);

    // Every read, export and mark is in the audit trail, naming the person and their address.
    const audit = await server.database.db.selectFrom('audit').selectAll().orderBy('at').orderBy('id').execute();
    const office = await new Accounts(server.database).byEmail(personOf('office').email);
    expect(audit.map((r) => r.action).sort()).toEqual(
      ['request.status', 'requests.export', 'requests.read', 'requests.read'].sort(),
    );
    for (const row of audit) expect(row).toMatchObject({ account_id: office!.id, address: '127.0.0.1' });
    expect(audit.find((r) => r.action === 'request.status')?.object).toBe(`${first.id} -> contacted`);
  });

  it('refuses an editor: the list is a 403 page inside the staff frame, the mark a 403 JSON', async () => {
    const cookie = await signInAs(server, 'editor');
    const page = await fetch(`${server.base}/admin/requests`, { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('<header class="staff-top">');
    expect(html).toContain('<a href="/admin/images">');
    expect(html).not.toContain('<a href="/admin/requests"');
    expect(html).not.toContain('Springfield');
    const mark = await fetch(`${server.base}/admin/requests/x/status`, {
      method: 'POST',
      headers: { cookie, origin: server.base, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'done' }),
    });
    expect(mark.status).toBe(403);
    expect(await mark.json()).toEqual({ error: expect.stringContaining('Your role does not include this.') });
  });
});
