import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Express } from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isStaffTool } from '../../engine/kinds.ts';
import { HONEYPOT_FIELD } from '../../engine/shared/consultation.ts';
import { RENDITIONS } from '../../engine/shared/images.ts';
import { PAGE_ENDPOINT } from '../../engine/shared/page.ts';
import { consultationSettings } from '../consultations/settings.ts';
import { jpeg, videoBytes } from '../../testing/fake-drive/fixture.ts';
import { catalogue, hit, leaves, startFaultSite, type FaultSite } from '../../testing/fault-site.ts';

/**
 * Every route the app mounts (as production builds it: public API, media, pages, staff tools with and
 * without a session, consultation requests) with odd inputs while Drive fails about half the time: no
 * 5xx but the deliberate 502 and 503, no hang (each request has a hang guard far above any expected
 * time), memory bounded. The routes are read from the app's router stack, so a route added without a
 * way to fuzz it fails the first test.
 */
let site: FaultSite;
/** Media URLs the site itself hands out (listings, pages), as found while Drive still answered. */
let served: readonly string[];
let session: string;
/** A small real photo (uploads). */
let photo: Buffer;
beforeAll(async () => {
  site = await startFaultSite({ deadlineMs: 1000, production: true });
  const s = site;
  // A phone video beside the photos (its conversion is tried on garbage bytes) and a built-in default,
  // so that those routes have real things to serve too (slot images are Drive files in this mode).
  s.fake.state.addFile({
    name: 'clip.mov',
    mimeType: 'video/quicktime',
    parents: [s.folder(leaves[0]!)],
    content: videoBytes('clip'),
    width: 1280,
    height: 720,
  });
  photo = await jpeg(64, 48);
  await mkdir(join(s.dataDir, 'defaults'), { recursive: true });
  const fallback = catalogue.slots.map((slot) => /^\/defaults\/(.+)$/.exec(slot.fallback)?.[1]).find(Boolean)!;
  await writeFile(join(s.dataDir, 'defaults', fallback), await jpeg(64, 48));
  const found = new Set<string>([`/media/slot/${'ab'.repeat(32)}.jpg/tile`]);
  for (const path of ['/', ...leaves.map((p) => `/api/drive-images/${s.folder(p)}`)]) {
    const { text } = await hit(s.base, path);
    for (const m of text.matchAll(/\/media\/(?:thumb|file|video|default|slot)\/[^"'\s)\\,]+/g)) found.add(m[0]);
  }
  served = [...found];
  const signIn = await hit(s.base, '/api/staff/sign-in', {
    method: 'POST',
    headers: { origin: s.base, 'content-type': 'application/json' },
    body: JSON.stringify(s.person),
  });
  expect(signIn.status).toBe(204);
  session = signIn.headers.get('set-cookie')!.split(';')[0]!;
});
afterAll(() => site.close());

/** A small deterministic random source, so that a failure can be replayed. */
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

const ODD = ['', 'x', '..', '%2e%2e%2f', '%00', 'a'.repeat(200), '\u00e9', '-_-', '1', '%ZZ', 'null', '<script>'];

interface Layer {
  readonly route?: { readonly path: unknown; readonly methods: Readonly<Record<string, boolean>> };
  readonly handle: { readonly stack?: readonly Layer[] };
  readonly rawPath?: unknown;
}

/** Every route of the app's router stack: `METHOD path` for routes, `USE path` for mounted middleware. */
function mounted(app: Express): string[] {
  const out: string[] = [];
  const pathOf = (raw: unknown): string =>
    Array.isArray(raw) ? raw.map(pathOf).join('|') : raw === '/' ? '' : raw instanceof RegExp ? String(raw) : `${raw}`;
  const walk = (stack: readonly Layer[], prefix: string): void => {
    for (const layer of stack) {
      const path = pathOf(layer.rawPath);
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          out.push(`${method.toUpperCase()} ${prefix}${pathOf(layer.route.path)}`);
      } else if (layer.handle.stack) walk(layer.handle.stack, prefix + path);
      else if (path) out.push(`USE ${prefix}${path}`);
    }
  };
  walk((app as unknown as { router: { stack: readonly Layer[] } }).router.stack, '');
  return out;
}

type Request = [path: string, init?: RequestInit];

/** Each mounted route (as `mounted` names it) and how to ask it something odd. */
function fuzzers(s: FaultSite, rnd: () => number): Readonly<Record<string, () => Request>> {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const fileIds = [...s.fake.state.files.values()].map((f) => f.id);
  const folderIds = catalogue.folders.map((f) => s.folder(f.path));
  const ids = [...fileIds, ...folderIds, ...ODD];
  const pages = catalogue.pages.map((p) =>
    p.path.replace(/:[A-Za-z]+/g, () => pick(['x', 'images', 'videos', ...ODD])),
  );
  const aggregates = [...Object.keys(catalogue.aggregates), ...ODD];
  const sizes = [...RENDITIONS, 'medium', ...ODD];
  const servedOf = (kind: string): string[] => served.filter((u) => u.startsWith(`/media/${kind}/`));
  /** A URL the site handed out, with its last part changed now and then. */
  const real = (kind: string, odd: () => string): string => {
    const urls = servedOf(kind);
    const url = urls.length > 0 && rnd() < 0.7 ? pick(urls) : odd();
    return rnd() < 0.2 ? url.replace(/[^/]*$/, pick(sizes)) : url;
  };
  const range = () => ({ range: pick(['bytes=0-10', 'bytes=5-', 'bytes=-3', 'bytes=999999-', 'nonsense']) });
  /** A staff request: signed in or not (or a forged cookie), from this site, none or another. */
  const staff = (init: RequestInit = {}): RequestInit => {
    const origin = pick([s.base, s.base, undefined, 'https://elsewhere.example', 'null']);
    const cookie = pick([session, session, undefined, 'staff_session=forged.value']);
    return {
      ...init,
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        ...(origin ? { origin } : {}),
        ...(cookie ? { cookie } : {}),
        accept: pick(['application/json', 'text/html', '*/*']),
      },
    };
  };
  const body = (): RequestInit =>
    pick<RequestInit>([
      {},
      { headers: { 'content-type': 'application/json' }, body: pick(['{', '[]', 'null', '{"a":1}', '"x"']) },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `a=${pick(ODD)}&b=%` },
      { headers: { 'content-type': 'text/plain' }, body: 'a'.repeat(Math.floor(rnd() * 20_000)) },
    ]);
  const categories = consultationSettings(catalogue)?.categories ?? [];
  const consultation = (): RequestInit => {
    const valid = {
      name: 'Ann Lee',
      phone: '555 123 4567',
      email: 'ann@example.com',
      place: 'Springfield',
      products: pick(categories),
      times: 'mornings',
      message: 'Hello',
      consent: 'on',
      token: pick(['view-0123456789abcdef', crypto.randomUUID()]),
    };
    // A valid request now and then (stored, until the hourly limit answers 429), else odd fields.
    const form: Record<string, string> = Object.fromEntries(
      Object.entries(valid).map(([k, v]) => [k, rnd() < 0.85 ? v : pick(ODD)]),
    );
    if (rnd() < 0.1) form[HONEYPOT_FIELD] = 'http://spam.example';
    return pick([
      body(),
      { headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() },
    ]);
  };
  const upload = (): RequestInit => {
    const form = new FormData();
    if (rnd() < 0.9) form.set('productId', pick([...catalogue.slots.map((x) => x.id), ...ODD.slice(0, 3)]));
    if (rnd() < 0.8) {
      const bytes = pick([photo, photo, Buffer.from('GIF89a'), Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.alloc(100, 7)]);
      form.set(pick(['image', 'image', 'file']), new Blob([bytes]), pick(['a.jpg', 'b.png', '../c', '']));
    }
    if (rnd() < 0.2) form.set('extra', 'x'.repeat(2000));
    return { body: form };
  };
  const post = (init: RequestInit): RequestInit => ({ ...init, method: 'POST' });
  const signedOut = (init: RequestInit): RequestInit => {
    const headers = { ...(init.headers as Record<string, string>) };
    if (headers['cookie'] === session) headers['cookie'] = 'staff_session=forged.value';
    return { ...init, headers };
  };
  const staffPages = catalogue.pages.filter((p) => isStaffTool(p.kind)).map((p) => p.path);

  return {
    'GET /media/thumb/:fileId/:version/:size': () => [
      real('thumb', () => `/media/thumb/${pick(ids)}/${pick(['v1', ...ODD])}/${pick(sizes)}`),
      { headers: { accept: pick(['image/avif,image/webp', 'image/webp', '*/*', '']) } },
    ],
    'GET /media/slot/:name/:size': () => [
      real('slot', () => `/media/slot/${pick([`${'cd'.repeat(32)}.png`, ...ODD])}/${pick(sizes)}`),
    ],
    'GET /media/default/:hash/:name/:size': () => [
      real(
        'default',
        () => `/media/default/${pick(['0123456789abcdef', ...ODD])}/${pick(['hero.jpg', ...ODD])}/${pick(sizes)}`,
      ),
    ],
    'GET /media/file/:fileId': () => [
      `${real('file', () => `/media/file/${pick(ids)}`)}${pick(['', '?download=1'])}`,
      { headers: range() },
    ],
    'GET /media/video/:fileId/:version': () => [
      real('video', () => `/media/video/${pick(ids)}/${pick(['1', ...ODD])}`),
      { headers: range() },
    ],
    'USE /defaults': () => [`/defaults/${pick([...catalogue.slots.map((x) => x.fallback.slice(10)), ...ODD])}`],
    'GET /favicon.ico': () => ['/favicon.ico'],
    'USE /assets': () => [`/assets/${pick(['app-0123abcd.js', ...ODD])}`, { headers: { 'accept-encoding': 'gzip' } }],
    'GET /api/products': () => [`/api/products?category=${pick(['', 'pergolas', ...ODD])}`],
    'GET /api/preview-images': () => ['/api/preview-images'],
    'GET /api/drive-images/:folderId': () => [`/api/drive-images/${pick(ids)}`],
    'GET /api/drive-images-aggregated/:type': () => [`/api/drive-images-aggregated/${pick(aggregates)}`],
    'GET /api/drive-preview/:folderId': () => [`/api/drive-preview/${pick(ids)}`],
    'POST /api/refresh/:folderId': () => [`/api/refresh/${pick(ids)}`, { method: 'POST' }],
    'POST /api/refresh-aggregated/:type': () => [`/api/refresh-aggregated/${pick(aggregates)}`, { method: 'POST' }],
    'GET /api/media-item/:fileId': () => [`/api/media-item/${pick(ids)}`],
    // Staff: sign-in pages and APIs, the tools, their writing APIs.
    'GET /sign-in': () => [`/sign-in?next=${pick(['/admin/images', '//evil.example', '/\\evil', ...ODD])}`, staff()],
    'POST /sign-in': () => ['/sign-in', post(staff(pick([body(), passwordBody(s)])))],
    'POST /api/staff/sign-in': () => ['/api/staff/sign-in', post(staff(pick([body(), passwordBody(s)])))],
    // Sign-out ends the session it is sent with, in the database: the fuzz's own session is never sent.
    'POST /api/staff/sign-out': () => ['/api/staff/sign-out', post(signedOut(staff()))],
    'POST /sign-in/setup': () => ['/sign-in/setup', post(staff(pick([body(), passwordBody(s)])))],
    'POST /api/staff/setup': () => ['/api/staff/setup', post(staff(pick([body(), passwordBody(s)])))],
    'GET /api/staff/people': () => ['/api/staff/people', staff()],
    // People: odd bodies only (a valid one could suspend the fuzz's own person, the site's only owner).
    'POST /api/staff/people': () => ['/api/staff/people', post(staff(body()))],
    'POST /api/staff/people/update': () => ['/api/staff/people/update', post(staff(body()))],
    'POST /api/staff/sign-out-everywhere': () => ['/api/staff/sign-out-everywhere', post(signedOut(staff()))],
    'POST /api/upload-preview-image': () => ['/api/upload-preview-image', post(staff(upload()))],
    'GET /api/folder-setup': () => ['/api/folder-setup', staff()],
    'POST /api/folder-setup/mark': () => [
      '/api/folder-setup/mark',
      post(
        staff({
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ path: pick([...catalogue.folders.map((f) => f.path), ...ODD]), done: rnd() < 0.5 }),
        }),
      ),
    ],
    'POST /api/scan-drive-folders': () => ['/api/scan-drive-folders', post(staff())],
    'POST /api/create-missing-folders': () => ['/api/create-missing-folders', post(staff())],
    'GET /api/folder-health': () => ['/api/folder-health', staff()],
    ...Object.fromEntries(staffPages.map((path) => [`GET ${path}`, (): Request => [path, staff()]])),
    // Consultation requests: the form page, its two POST routes, the staff list and its status API.
    'GET /consultation|/es/consultation': () => [
      `${pick(['/consultation', '/es/consultation'])}?${pick(['', 'product=x', ...ODD])}`,
    ],
    // The thank-you page a plain post is sent on to (Post/Redirect/Get).
    'GET /consultation/sent|/es/consultation/sent': () => [
      `${pick(['/consultation/sent', '/es/consultation/sent'])}?${pick(['', ...ODD])}`,
    ],
    'POST /consultation|/es/consultation|/api/consultations': () => [
      pick(['/consultation', '/es/consultation', '/api/consultations']),
      post(staff(consultation())),
    ],
    'GET /admin/requests': () => [`/admin/requests?status=${pick(['', 'new', 'done', ...ODD])}`, staff()],
    'GET /admin/requests.csv': () => [`/admin/requests.csv?status=${pick(['', 'new', ...ODD])}`, staff()],
    'POST /admin/requests/:id/status': () => [
      `/admin/requests/${pick(['1', '999', ...ODD])}/status`,
      post(staff(pick([body(), { headers: { 'content-type': 'application/json' }, body: '{"status":"done"}' }]))),
    ],
    'USE /api|/media': () => [`/${pick(['api', 'media'])}/${pick(ODD)}/${pick(ODD)}`, pick([{}, { method: 'POST' }])],
    'GET /sitemap.xml': () => ['/sitemap.xml'],
    // The parts of a sitemap index and the photo sitemaps: odd names and numbers answer 404, never a crash.
    'GET /^\\/sitemap-pages-(\\d{1,6})\\.xml$/': () => [
      `/sitemap-pages-${pick(['1', '2', '0', '999999', ...ODD])}.xml`,
    ],
    'GET /sitemap-photos.xml': () => ['/sitemap-photos.xml'],
    'GET /^\\/sitemap-photos-[^/]+\\.xml$/': () => [
      `/sitemap-photos-${pick(['pergola-fixed-roof-attached-images', 'screens.motorized-screens', 'x', ...ODD])}.xml`,
    ],
    'GET /robots.txt': () => ['/robots.txt'],
    [`GET ${PAGE_ENDPOINT}`]: () => [`${PAGE_ENDPOINT}?path=${encodeURIComponent(pick(pages))}`],
    'GET /.*/': () => [pick([pick(pages), `/${pick(ODD)}/${pick(ODD)}`, `${pick(pages)}/`])],
  };
}

const passwordBody = (s: FaultSite): RequestInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(s.person),
});

it('has a way to fuzz every route the app mounts', () => {
  const routes = mounted(site.app);
  const known = Object.keys(fuzzers(site, random(1)));
  // The inventory itself works: routes of createApp and of the staff and consultation routers.
  expect(routes).toEqual(
    expect.arrayContaining(['GET /api/media-item/:fileId', 'POST /api/upload-preview-image', 'GET /.*/']),
  );
  expect(routes.filter((r) => !known.includes(r))).toEqual([]);
  expect(known.filter((r) => !routes.includes(r))).toEqual([]);
});

it('answers every route with a 2xx-4xx or a deliberate 502/503, never hangs, and keeps its memory', async () => {
  const s = site;
  const rnd = random(11);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const routes = Object.entries(fuzzers(s, rnd));
  const rssBefore = process.memoryUsage().rss;
  const statuses = new Map<number, number>();
  const byRoute = new Map<string, Set<number>>();
  const bad: string[] = [];
  let total = 0;
  for (let round = 0; round < 12; round++) {
    // Drive fails about half the calls, in varying ways.
    s.fake.faults.clearFailures();
    for (const op of ['files.list', 'files.get', 'files.get.media', 'token'] as const) {
      if (rnd() < 0.5)
        s.fake.failNext(
          op,
          1 + Math.floor(rnd() * 20),
          pick(['backendError', 'rateLimitExceeded', 'tooManyRequests', 'unavailable']),
        );
    }
    s.advance(Math.floor(rnd() * 40_000));
    // Every route once a round, and as many again at random.
    const batch = [...routes, ...Array.from({ length: routes.length }, () => pick(routes))].map(
      ([route, make]) => [route, ...make()] as const,
    );
    const answers = await Promise.all(
      batch.map(async ([route, path, init]) => {
        const answer = await hit(s.base, path, init).catch((e: unknown) => ({ status: -1, text: String(e) }));
        return { route, path, method: init?.method ?? 'GET', status: answer.status };
      }),
    );
    for (const { route, path, method, status } of answers) {
      total++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      byRoute.set(route, (byRoute.get(route) ?? new Set()).add(status));
      if (status < 200 || (status >= 500 && status !== 502 && status !== 503)) bad.push(`${status} ${method} ${path}`);
    }
  }
  expect(bad).toEqual([]);
  expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(total);
  // Answers of every kind came back (not only errors), and the staff routes were reached signed in.
  expect(statuses.get(200)).toBeGreaterThan(0);
  for (const route of ['GET /api/folder-setup', 'GET /api/folder-health', 'GET /admin/requests'])
    expect(
      [...byRoute.get(route)!].some((status) => status < 300),
      route,
    ).toBe(true);
  expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
});
