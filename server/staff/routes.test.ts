import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { may, ROLE_NAMES, type Permission, type Role } from '../../engine/shared/roles.ts';
import { standInDist, startErrorSite, type ErrorSite } from '../../testing/error-site.ts';
import { jpeg, personOf, signInAs, testCatalogue, upload } from '../../testing/staff-harness.ts';
import { CONSULTATION_API } from '../../engine/shared/consultation.ts';
import { MANIFEST_API } from '../../engine/shared/manifest.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { TRANSLATIONS_API } from '../../engine/shared/translations.ts';
import { consultationSettings } from '../consultations/settings.ts';
import { Accounts } from './accounts.ts';
import { LocalStore } from '../media/local.ts';
import { GUARDS } from './auth.ts';

/** One route of the staff routers: its method (USE: a mounted handler), path and the permission its guard checks. */
interface StaffRoute {
  readonly method: string;
  readonly path: string;
  readonly permission: Permission | undefined;
}

interface Layer {
  readonly rawPath?: unknown;
  readonly handle: RequestHandler & { stack?: readonly Layer[] };
  readonly route?: { path: unknown; methods: Record<string, boolean>; stack: readonly Layer[] };
}

const pathOf = (raw: unknown): string => (raw === '/' || raw === undefined ? '' : String(raw));
const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);

/** Every route the routers mount, with the permission of its own guard or of a guard mounted before it on its path. */
function staffRoutes(routers: readonly Router[]): StaffRoute[] {
  const out: StaffRoute[] = [];
  const walk = (stack: readonly Layer[], prefix: string): void => {
    const scoped: { path: string; permission: Permission }[] = [];
    const scopeOf = (path: string) => scoped.find((g) => under(path, g.path))?.permission;
    for (const layer of stack) {
      const path = prefix + pathOf(layer.rawPath);
      const guard = GUARDS.get(layer.handle);
      if (layer.route) {
        const own = layer.route.stack.map((l) => GUARDS.get(l.handle)).find((p) => p !== undefined);
        const routePath = prefix + pathOf(layer.route.path);
        for (const method of Object.keys(layer.route.methods))
          out.push({ method: method.toUpperCase(), path: routePath, permission: own ?? scopeOf(routePath) });
      } else if (guard) scoped.push({ path, permission: guard });
      else if (layer.handle.stack) walk(layer.handle.stack, path);
      else if (path) out.push({ method: 'USE', path, permission: scopeOf(path) });
    }
  };
  for (const router of routers) walk((router as unknown as { stack: readonly Layer[] }).stack, '');
  return out;
}

/** Routes for anyone, on purpose: signing in and out, and what visitors use (the request form, slot images). */
const PUBLIC = new Set([
  'GET /sign-in',
  'POST /sign-in',
  'POST /sign-in/setup',
  'POST /api/staff/sign-in',
  'POST /api/staff/setup',
  'POST /api/staff/sign-out',
  'GET /media/slot/:name',
  'GET /consultation,/es/consultation',
  'GET /consultation/sent,/es/consultation/sent',
  'POST /consultation,/es/consultation,/api/consultations',
]);
const nameOf = (r: StaffRoute): string => `${r.method} ${r.path}`;

/** What each staff route needs, as declared for people (a guard that checks something else fails here). */
const DECLARED: Readonly<Record<string, Permission>> = {
  'GET /api/staff/people': 'people',
  'POST /api/staff/people': 'people',
  'POST /api/staff/people/update': 'people',
  'POST /api/staff/sign-out-everywhere': 'self',
  'POST /api/upload-preview-image': 'images',
  'GET /api/folder-setup': 'folders',
  'POST /api/folder-setup/mark': 'folders',
  'POST /api/scan-drive-folders': 'folders',
  'POST /api/create-missing-folders': 'folders',
  'GET /api/folder-health': 'folders',
  'GET /admin/images': 'images',
  'GET /folder-setup': 'folders',
  'GET /folder-health': 'folders',
  'GET /admin/manifest': 'manifest',
  'GET /admin/translations': 'translations',
  'GET /admin/api/manifest': 'manifest',
  'POST /admin/api/manifest/check': 'manifest',
  'POST /admin/api/manifest/publish': 'manifest',
  'GET /admin/api/manifest/versions': 'manifest',
  'GET /admin/api/manifest/versions/:n': 'manifest',
  'POST /admin/api/manifest/rollback/:n': 'manifest',
  'GET /admin/api/manifest/status': 'manifest',
  'GET /admin/api/translations': 'translations',
  'POST /admin/api/translations/mark': 'translations',
  'POST /admin/api/manifest/preview': 'manifest',
  'USE /admin/manifest/preview/:token': 'manifest',
  'GET /admin/requests': 'requests',
  'GET /admin/requests.csv': 'requests',
  'POST /admin/requests/:id/status': 'requests',
};

/** A request that reaches a route's handler: its parameters filled in (values no row has), a JSON body for writes. */
function requestOf(route: StaffRoute, base: string, cookie?: string): [string, RequestInit] {
  const path = route.path
    .replace(':n', '999')
    .replace(':id', '00000000-0000-0000-0000-000000000000')
    .replace(':token', 'AAAAAAAAAAAAAAAA')
    .replace(':name', 'none');
  const write = route.method === 'POST';
  const headers = {
    origin: base,
    ...(cookie ? { cookie } : {}),
    ...(write ? { 'content-type': 'application/json' } : {}),
  };
  return [
    `${base}${path}${route.method === 'USE' ? '/' : ''}`,
    { method: write ? 'POST' : 'GET', headers, redirect: 'manual', ...(write ? { body: '{}' } : {}) },
  ];
}

let dataDir = '';
let site: ErrorSite;
let routes: StaffRoute[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'staff-routes-'));
  site = await startErrorSite({ dataDir, store: new LocalStore({ dataDir }), distDir: await standInDist(dataDir) });
  // A middleware on a route's own path (cache headers) is that route, not another to ask.
  const all = staffRoutes(site.routers);
  routes = all.filter(
    (r) => !PUBLIC.has(nameOf(r)) && !(r.method === 'USE' && all.some((o) => o !== r && o.path === r.path)),
  );
}, 30_000);
afterAll(async () => {
  await site?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('every staff route and API declares the permission it needs', () => {
  it('finds the guard of each route mounted by the staff, manifest and consultation routers', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((r) => r.permission === undefined).map(nameOf)).toEqual([]);
    expect(Object.fromEntries(routes.map((r) => [nameOf(r), r.permission]))).toEqual(DECLARED);
  });

  it('fails for a route mounted without a guard', () => {
    const forgotten = Router().get('/admin/forgotten', (_req, res) => void res.end());
    expect(staffRoutes([forgotten])).toEqual([{ method: 'GET', path: '/admin/forgotten', permission: undefined }]);
  });
});

it('every staff route x every role: allowed where the role has its permission, else 403; 401 or sign-in without a session', async () => {
  const sessions = new Map<Role, string>();
  for (const role of ROLE_NAMES) sessions.set(role, await signInAs(site, role));
  // Signing out everywhere ends the session it is sent with: asked last.
  const ordered = [...routes].sort((a, b) => Number(a.permission === 'self') - Number(b.permission === 'self'));
  const wrong: string[] = [];
  for (const route of ordered) {
    const anonymous = await fetch(...requestOf(route, site.base));
    if (![401, 302].includes(anonymous.status)) wrong.push(`${nameOf(route)} without a session: ${anonymous.status}`);
    for (const role of ROLE_NAMES) {
      const res = await fetch(...requestOf(route, site.base, sessions.get(role)));
      const allowed = may(role, route.permission!);
      if (allowed ? [401, 403].includes(res.status) : res.status !== 403)
        wrong.push(
          `${nameOf(route)} as ${role}: ${res.status} (${allowed ? 'allowed' : 'refused'} by ${route.permission})`,
        );
    }
  }
  expect(wrong).toEqual([]);
});

/** Routes that write nothing staff changed (a check, a draft to preview): no audit row. */
const READS = new Set(['POST /admin/api/manifest/check', 'POST /admin/api/manifest/preview']);

type Change = (as: (role: Role) => Promise<string>) => Promise<Response>;

const post = (path: string, cookie: string, body: unknown = {}): Promise<Response> =>
  fetch(`${site.base}${path}`, {
    method: 'POST',
    headers: { origin: site.base, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const liveManifest = async (cookie: string) =>
  (await (await fetch(`${site.base}${MANIFEST_API.live}`, { headers: { cookie } })).json()) as {
    version: number;
    files: { name: string; text: string }[];
  };

/** A change each mutating route makes, in this order (the translations' mark needs the publish's stale text). */
const CHANGES: Readonly<Record<string, Change>> = {
  'POST /api/staff/people': async (as) =>
    post(STAFF_API.people, await as('owner'), {
      email: 'new.person@staff.test',
      name: 'New Person',
      role: 'office',
      password: 'a long enough passphrase',
    }),
  'POST /api/staff/people/update': async (as) =>
    post(STAFF_API.person, await as('owner'), { email: 'new.person@staff.test', role: 'translator' }),
  'POST /api/staff/sign-out-everywhere': async (as) => post(STAFF_API.signOutEverywhere, await as('translator')),
  'POST /api/upload-preview-image': async (as) => upload(site.base, await as('editor'), 'homepage-hero', await jpeg(7)),
  'POST /api/folder-setup/mark': async (as) =>
    post(STAFF_API.mark, await as('editor'), { path: testCatalogue().folders[0]!.path, done: true }),
  'POST /api/scan-drive-folders': async (as) => post(STAFF_API.scan, await as('editor')),
  'POST /api/create-missing-folders': async (as) => post(STAFF_API.createMissing, await as('editor')),
  'POST /admin/api/manifest/publish': async (as) => {
    const cookie = await as('editor');
    const { version, files } = await liveManifest(cookie);
    const edited = files.map((f) =>
      f.name === 'pages.yaml'
        ? { ...f, text: f.text.replace('en: Expertly Shaded Indoors and Out.', 'en: Shade.') }
        : f,
    );
    return post(MANIFEST_API.publish, cookie, { baseVersion: version, files: edited });
  },
  'POST /admin/api/translations/mark': async (as) => {
    const cookie = await as('translator');
    const { version } = (await (
      await fetch(`${site.base}${TRANSLATIONS_API.status}`, { headers: { cookie } })
    ).json()) as {
      version: number;
    };
    return post(TRANSLATIONS_API.mark, cookie, { target: '/', baseVersion: version });
  },
  'POST /admin/api/manifest/rollback/:n': async (as) => post('/admin/api/manifest/rollback/1', await as('editor')),
  'POST /admin/requests/:id/status': async (as) => {
    const settings = consultationSettings(testCatalogue())!;
    const visitor = {
      name: 'Ann Lee',
      phone: '+1 (555) 010-2000',
      email: 'ann@example.com',
      place: 'Springfield',
      products: [settings.categories[0]],
      times: 'Mornings',
      message: '',
      consent: 'yes',
    };
    const stored = (await (await post(CONSULTATION_API, '', visitor)).json()) as { id: string };
    return post(`/admin/requests/${stored.id}/status`, await as('office'), { status: 'contacted' });
  },
};

it('every mutating staff route writes exactly one audit row naming the account that made the change', async () => {
  const mutating = routes.filter((r) => r.method === 'POST' && !READS.has(nameOf(r))).map(nameOf);
  expect(Object.keys(CHANGES).sort()).toEqual(mutating.sort());
  const { db } = site.database;
  const accounts = new Accounts(site.database);
  for (const [name, change] of Object.entries(CHANGES)) {
    let who: Role | undefined;
    const as = (role: Role) => ((who = role), signInAs(site, role));
    const before = await db.selectFrom('audit').select('id').execute();
    const res = await change(as);
    expect(res.status, `${name}: ${await res.clone().text()}`).toBeLessThan(300);
    const rows = await db
      .selectFrom('audit')
      .selectAll()
      .where('id', 'not in', ['', ...before.map((r) => r.id)])
      .execute();
    const person = await accounts.byEmail(personOf(who!).email);
    expect(rows.map((r) => [name, r.account_id, r.address])).toEqual([[name, person!.id, '127.0.0.1']]);
  }
});
