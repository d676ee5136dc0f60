import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gifAnimation,
  jpeg,
  pngClaiming,
  ensurePerson,
  personOf,
  signInAs,
  startStaffServer,
  testCatalogue,
  truncatedJpeg,
  upload,
  type StaffServer,
} from '../../testing/staff-harness.ts';

let dataDir = '';
let srv: StaffServer;
let cookie = '';
/** What staff uploads have stored: the slot map and the image files' names. */
const mapBytes = async (): Promise<string> => {
  const { db } = srv.database;
  const map = await db.selectFrom('slot_map').selectAll().orderBy('id').execute();
  const files = await db.selectFrom('slot_image_files').select('name').orderBy('name').execute();
  return JSON.stringify({ map, files });
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'staff-abuse-'));
  srv = await startStaffServer({ dataDir, signInAttempts: 3 });
  cookie = await signInAs(srv, 'editor');
  // A first good upload, so that there is a stored slot map whose bytes must not change.
  expect((await upload(srv.base, cookie, 'homepage-hero', await jpeg(1))).status).toBe(200);
});
afterAll(async () => {
  await srv.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('without a staff session', () => {
  const post = (path: string, init: RequestInit = {}) =>
    fetch(`${srv.base}${path}`, { method: 'POST', headers: { origin: srv.base }, ...init });

  it('every writing API answers 401 JSON and nothing changes', async () => {
    const before = await mapBytes();
    const form = new FormData();
    form.append('productId', 'homepage-hero');
    form.append('image', new Blob([new Uint8Array(await jpeg(2))], { type: 'image/jpeg' }), 'a.jpg');
    const answers = await Promise.all([
      post('/api/upload-preview-image', { body: form }),
      post('/api/scan-drive-folders', { headers: { origin: srv.base, 'content-type': 'application/json' } }),
      post('/api/create-missing-folders'),
      post('/api/folder-setup/mark', {
        headers: { origin: srv.base, 'content-type': 'application/json' },
        body: JSON.stringify({ path: 'Screens' }),
      }),
      fetch(`${srv.base}/api/folder-setup`),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    }
    // A forged or expired cookie is no session either.
    const forged = await upload(srv.base, 'staff_session=9999999999999.abc.def', 'homepage-hero', await jpeg(3));
    expect(forged.status).toBe(401);
    expect(await mapBytes()).toEqual(before);
  });

  it('staff pages redirect to the sign-in page, which comes back afterwards', async () => {
    for (const path of ['/admin/images', '/folder-setup', '/folder-health']) {
      const res = await fetch(`${srv.base}${path}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(path)}`);
    }
  });
});

describe('sign-in', () => {
  it('a wrong password answers 401, and after repeated tries 429, even for the right one', async () => {
    // Its own server: the limit is per client IP and instance.
    const dir = await mkdtemp(join(tmpdir(), 'staff-limit-'));
    const logged: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
    const own = await startStaffServer({ dataDir: dir, signInAttempts: 3, logger });
    const { email, password: right } = personOf('editor');
    await ensurePerson(own.database, 'editor');
    try {
      const tryPassword = (password: string) =>
        fetch(`${own.base}/api/staff/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: own.base },
          body: JSON.stringify({ email, password }),
        });
      // A right password in between does not count.
      expect((await tryPassword(right)).status).toBe(204);
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await tryPassword(`guess-${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      // Each refusal is logged with the client's address, never with what was typed.
      const refusals = logged.filter((l) => l.includes('staff sign-in refused'));
      expect(refusals).toHaveLength(5);
      for (const line of refusals) expect(JSON.parse(line)).toMatchObject({ ip: '127.0.0.1' });
      expect(logged.join('')).not.toContain('guess-');
      const locked = await tryPassword(right);
      expect(locked.status).toBe(429);
      expect(await locked.json()).toEqual({ error: 'Too many attempts. Wait a minute, then try again.' });
    } finally {
      await own.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('the HTML form signs in with a redirect to next, and says when the password is wrong', async () => {
    const { email, password } = personOf('editor');
    const form = (typed: string, next = '/folder-setup') =>
      fetch(`${srv.base}/sign-in?next=${encodeURIComponent(next)}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: srv.base },
        body: new URLSearchParams({ email, password: typed }),
      });
    const wrong = await form('nope');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('That e-mail and password do not match an account. Try again.');
    const right = await form(password);
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/folder-setup');
    const setCookie = right.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^staff_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+$/);
    // `next` never leaves the site.
    const away = await form(password, '//evil.example/x');
    expect(away.headers.get('location')).toBe('/admin/images');
  });

  it("uses the manifest's sign-in page path for the redirect, the form and sign-out", async () => {
    const c = testCatalogue();
    const catalogue = { ...c, pages: c.pages.map((p) => (p.kind === 'sign-in' ? { ...p, path: '/staff/enter' } : p)) };
    const dir = await mkdtemp(join(tmpdir(), 'staff-path-'));
    const own = await startStaffServer({ dataDir: dir, catalogue });
    const { email, password } = personOf('editor');
    await ensurePerson(own.database, 'editor');
    try {
      const page = await fetch(`${own.base}/admin/images`, { redirect: 'manual' });
      expect(page.headers.get('location')).toBe(`/staff/enter?next=${encodeURIComponent('/admin/images')}`);
      const shown = await fetch(`${own.base}/staff/enter?next=%2Fadmin%2Fimages`);
      expect(shown.status).toBe(200);
      expect(await shown.text()).toContain('action="/staff/enter?next=%2Fadmin%2Fimages"');
      const posted = await fetch(`${own.base}/staff/enter?next=%2Fadmin%2Fimages`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: own.base },
        body: new URLSearchParams({ email, password }),
      });
      expect([posted.status, posted.headers.get('location')]).toEqual([303, '/admin/images']);
      const out = await fetch(`${own.base}/api/staff/sign-out`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: own.base, accept: 'text/html' },
      });
      expect(out.headers.get('location')).toBe('/staff/enter?signedOut=1');
    } finally {
      await own.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sign-out ends the session: its cookie answers 401 afterwards, whatever the browser keeps', async () => {
    const own = await signInAs(srv, 'editor');
    expect((await fetch(`${srv.base}/api/folder-setup`, { headers: { cookie: own } })).status).toBe(200);
    const res = await fetch(`${srv.base}/api/staff/sign-out`, {
      method: 'POST',
      headers: { origin: srv.base, cookie: own },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toMatch(/^staff_session=; .*Max-Age=0/);
    expect((await fetch(`${srv.base}/api/folder-setup`, { headers: { cookie: own } })).status).toBe(401);
  });
});

describe('bad uploads from signed-in staff: a clear 4xx and the stored slot map unchanged', () => {
  it('11 MB -> 413 with the spec message', async () => {
    const before = await mapBytes();
    const big = Buffer.concat([await jpeg(4), Buffer.alloc(11 * 1024 * 1024)]);
    const res = await upload(srv.base, cookie, 'homepage-hero', big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /^Image is too large \(11\.0MB\)\. Please use an image smaller than 10MB\.$/,
    );
    expect(await mapBytes()).toEqual(before);
  });

  it('an executable renamed .jpg -> 415', async () => {
    const before = await mapBytes();
    const exe = Buffer.alloc(64 * 1024);
    const handle = await open(process.execPath, 'r');
    await handle.read(exe, 0, exe.length, 0);
    await handle.close();
    const res = await upload(srv.base, cookie, 'homepage-hero', exe, { name: 'holiday.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(415);
    expect(await mapBytes()).toEqual(before);
  });

  it('SVG -> 415, even sent as image/svg+xml', async () => {
    const before = await mapBytes();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload(srv.base, cookie, 'homepage-hero', svg, { name: 'logo.svg', type: 'image/svg+xml' });
    expect(res.status).toBe(415);
    expect(await mapBytes()).toEqual(before);
  });

  it('a file that only starts like a JPEG -> 415', async () => {
    const before = await mapBytes();
    const res = await upload(srv.base, cookie, 'homepage-hero', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]));
    expect(res.status).toBe(415);
    expect(await mapBytes()).toEqual(before);
  });

  it('a truncated JPEG (its header reads, its pixels do not) -> 422 saying it cannot be read', async () => {
    const before = await mapBytes();
    const res = await upload(srv.base, cookie, 'homepage-hero', await truncatedJpeg());
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/cannot be read/);
    expect(await mapBytes()).toEqual(before);
  });

  it('a small PNG claiming 20000 x 20000 pixels (a decompression bomb) -> 413 saying it is too large', async () => {
    const before = await mapBytes();
    const res = await upload(srv.base, cookie, 'homepage-hero', pngClaiming(20_000, 20_000), { name: 'a.png' });
    expect(res.status).toBe(413);
    const { error } = (await res.json()) as { error: string };
    expect(error).toMatch(/too large: 20000 x 20000 pixels \(400 megapixels\); the most is 50 megapixels/);
    expect(error).not.toMatch(/damaged/);
    expect(await mapBytes()).toEqual(before);
  });

  it('an animated GIF of 2,000 frames of 4000 x 4000 (46 KB, 32 billion pixels) -> 413, every frame counted', async () => {
    const before = await mapBytes();
    const bomb = gifAnimation(4000, 4000, 2000);
    expect(bomb.length).toBeLessThan(50_000);
    const res = await upload(srv.base, cookie, 'homepage-hero', bomb, { name: 'a.gif', type: 'image/gif' });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/2,000 frames; the most is 500/);
    expect(await mapBytes()).toEqual(before);
  });

  it('an animation within the frame limit but over the pixel limit in all -> 413 saying so', async () => {
    const before = await mapBytes();
    const gif = gifAnimation(3000, 2000, 10);
    const res = await upload(srv.base, cookie, 'homepage-hero', gif, { name: 'a.gif', type: 'image/gif' });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(
      /10 frames of 3000 x 2000 pixels make 60 megapixels in all; the most is 50 megapixels/,
    );
    expect(await mapBytes()).toEqual(before);
  });

  it('an unknown slot -> 400', async () => {
    const before = await mapBytes();
    const res = await upload(srv.base, cookie, 'no-such-slot', await jpeg(5));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toContain("'no-such-slot'");
    expect(await mapBytes()).toEqual(before);
  });

  it('no file -> 400', async () => {
    const before = await mapBytes();
    const form = new FormData();
    form.append('productId', 'homepage-hero');
    const res = await fetch(`${srv.base}/api/upload-preview-image`, {
      method: 'POST',
      headers: { cookie, origin: srv.base },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await mapBytes()).toEqual(before);
  });

  it('a POST with neither Origin nor Referer -> 403, even with the session', async () => {
    const before = await mapBytes();
    const res = await upload(srv.base, cookie, 'homepage-hero', await jpeg(7), { origin: null });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/neither Origin nor Referer/);
    const scan = await fetch(`${srv.base}/api/scan-drive-folders`, { method: 'POST', headers: { cookie } });
    expect(scan.status).toBe(403);
    expect(await mapBytes()).toEqual(before);
  });

  it('a cross-origin POST -> 403 (Origin of another site, or null), even with the session', async () => {
    const before = await mapBytes();
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:1`]) {
      const res = await upload(srv.base, cookie, 'homepage-hero', await jpeg(6), { origin });
      expect(res.status).toBe(403);
    }
    const scan = await fetch(`${srv.base}/api/scan-drive-folders`, {
      method: 'POST',
      headers: { cookie, origin: 'http://evil.example' },
    });
    expect(scan.status).toBe(403);
    expect(await mapBytes()).toEqual(before);
  });
});

describe('good uploads', () => {
  it('show at once in GET /api/preview-images and are served same-origin with immutable caching', async () => {
    const bytes = await jpeg(7);
    const res = await upload(srv.base, cookie, 'pergolas-hero', bytes, { name: 'any-name.png', type: 'text/plain' });
    expect(res.status).toBe(200);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/media\/slot\/[a-f0-9]{64}\.jpg$/);
    const map = (await (await fetch(`${srv.base}/api/preview-images`)).json()) as Record<string, { imageUrl: string }>;
    expect(map['pergolas-hero']?.imageUrl).toBe(imageUrl);
    const served = await fetch(`${srv.base}${imageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 32, 32]);
    expect((await fetch(`${srv.base}/media/slot/..%2Fslots.json`)).status).toBe(404);
  });

  it('visitors get a web version: upright, at most 2400 px a side, without the photo metadata', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#3a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'Taken at a customer address' } })
      .toBuffer();
    const res = await upload(srv.base, cookie, 'pergolas-showcase', photo);
    const { imageUrl } = (await res.json()) as { imageUrl: string };
    const served = await sharp(Buffer.from(await (await fetch(`${srv.base}${imageUrl}`)).arrayBuffer())).metadata();
    expect([served.width, served.height, served.orientation, served.exif]).toEqual([800, 2400, undefined, undefined]);
  });

  it('a small animated GIF is accepted and kept as it is (its frames within the limits)', async () => {
    const gif = gifAnimation(200, 100, 3);
    const res = await upload(srv.base, cookie, 'homepage-pergolas', gif, { name: 'a.gif', type: 'image/gif' });
    expect(res.status).toBe(200);
  });

  it('50 concurrent uploads to distinct ids (slots and products) -> all 50 in the map', async () => {
    const c = testCatalogue();
    const ids = [...new Set([...c.slots.map((s) => s.id), ...c.products.map((p) => p.id)])].slice(0, 50);
    expect(ids).toHaveLength(50);
    const images = await Promise.all(ids.map((_, i) => jpeg(100 + i)));
    const answers = await Promise.all(ids.map((id, i) => upload(srv.base, cookie, id, images[i]!)));
    const urls = await Promise.all(answers.map(async (r) => ((await r.json()) as { imageUrl: string }).imageUrl));
    expect(answers.map((r) => r.status)).toEqual(ids.map(() => 200));
    const rows = await srv.database.db.selectFrom('slot_map').select(['id', 'image_url']).execute();
    const stored = new Map(rows.map((r) => [r.id, r.image_url]));
    ids.forEach((id, i) => expect(stored.get(id)).toBe(urls[i]));
    const map = (await (await fetch(`${srv.base}/api/preview-images`)).json()) as Record<string, unknown>;
    for (const id of ids) expect(map).toHaveProperty([id]);
  });
});
