import { mkdir, mkdtemp, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kindOf } from '../engine/kinds.ts';
import { CONSULTATION_API, HONEYPOT_FIELD } from '../engine/shared/consultation.ts';
import { PAGE_ENDPOINT } from '../engine/shared/page.ts';
import { startConsultServer, type ConsultServer } from '../testing/consultations/server.ts';
import { testSettings } from '../testing/consultations/settings.ts';
import { FaultyStore, standInDist, startErrorSite, type ErrorSite } from '../testing/error-site.ts';
import {
  gifAnimation,
  jpeg,
  PASSWORD,
  pngClaiming,
  ensurePerson,
  personOf,
  signInAs,
  testCatalogue,
  truncatedJpeg,
  upload,
} from '../testing/staff-harness.ts';
import { FlakyStore } from '../testing/store-suite/flaky-store.ts';
import { Registry } from 'prom-client';
import { CatalogueHolder, type SiteHandler } from './live/catalogue-holder.ts';
import { siteUpdating } from './live/updating.ts';
import { opsFront } from './ops/front.ts';
import { startMetricsServer, type MetricsServer } from './ops/metrics-server.ts';
import { Readiness } from './ops/readiness.ts';
import { errorStatus, errorText, serverErrors, type ServerErrorName } from './errors.ts';
import { urlVersion } from './media/ids.ts';
import { LocalStore } from './media/local.ts';
import { toStoreError } from './media/drive-errors.ts';
import { StoreError } from './media/types.ts';

/**
 * Every entry of the catalogue, answered by the real app over HTTP: its status, `Cache-Control:
 * no-store` (and `Retry-After` on a 503 or 429), no ETag, and its text in the body the request asked for.
 */

/**
 * How a case's body says the text: `{ error }` JSON, the consultation API's JSON, /readyz's JSON
 * (`{ status, error, checks }`), the manifest API's (`{ error }` and what it is about: the problems,
 * the live version), plain text or an HTML page.
 */
type Body = 'json' | 'consultation' | 'readiness' | 'manifest' | 'text' | 'html';
interface Answered {
  readonly res: Response;
  /** The text (or, for a page, a text the page shows; a pattern where another party words it). */
  readonly says: string | RegExp;
  readonly body?: Body;
}
type Case = () => Promise<Answered>;

const catalogue = testCatalogue();
const consult = testSettings();
const leaf = catalogue.folders.find((f) => !catalogue.folders.some((g) => g.parent === f.path))!.path;
const galleryPage = catalogue.pages.find((p) => kindOf(p.kind).gallery && !p.path.includes(':'))!;
const signInTexts = catalogue.pages.find((p) => p.kind === 'sign-in')!.texts;
const managerTexts = catalogue.pages.find((p) => p.kind === 'image-manager')!.texts;

let dataDir = '';
let store: FaultyStore;
let site: ErrorSite;
let down: ErrorSite;
let bare: ErrorSite;
let consultSite: ConsultServer;
/** What answers before the app: a site with no valid manifest yet, and a draining server's /readyz. */
let updating: string;
let draining: string;
let metrics: MetricsServer;
const listening: Server[] = [];
const listen = async (handler: SiteHandler): Promise<string> => {
  const server = createServer(handler).listen(0, '127.0.0.1');
  listening.push(server);
  await new Promise((done) => server.once('listening', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
let cookie = '';
/** A person whose role has no tool of the image manager's or the manifest's. */
let officeCookie = '';
let consultCookie = '';
const ids = { folder: '', photo: '', photoVersion: '', damaged: '', damagedVersion: '', clip: '', clipVersion: '' };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'error-answers-'));
  const folder = join(dataDir, 'media', leaf);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'photo.jpg'), await jpeg(1));
  await writeFile(join(folder, 'damaged.jpg'), 'not the pixels of any image');
  await writeFile(join(folder, 'clip.mp4'), 'not a video either');
  store = new FaultyStore({ dataDir });
  ids.folder = (await store.resolveFolder(leaf))!;
  for (const file of await store.listFolder(ids.folder)) {
    const key = file.name.split('.')[0] as 'photo' | 'damaged' | 'clip';
    ids[key] = file.id;
    ids[`${key}Version`] = urlVersion(file.version);
  }
  const distDir = await standInDist(dataDir);
  site = await startErrorSite({ dataDir, store, distDir });
  const failing = new FlakyStore(new LocalStore({ dataDir }));
  failing.failing = true;
  down = await startErrorSite({ dataDir, store: failing, distDir });
  bare = await startErrorSite({ dataDir, store: new LocalStore({ dataDir }) });
  consultSite = await startConsultServer(await mkdtemp(join(tmpdir(), 'error-answers-consult-')), { rateLimit: 2 });
  cookie = await signInAs(site, 'editor');
  consultCookie = await signInAs(consultSite, 'office');
  officeCookie = await signInAs(site, 'office');
  updating = await listen(new CatalogueHolder(undefined, siteUpdating).handle);
  const ok = { own: true, run: () => ({ state: 'ok', reason: 'fine' }) as const };
  const readiness = new Readiness({ catalogue: ok, pages: ok, database: ok, mediaStore: ok, disk: ok });
  readiness.drain();
  draining = await listen(opsFront(readiness, undefined, siteUpdating));
  metrics = await startMetricsServer(new Registry(), 0, '127.0.0.1');
});

afterAll(async () => {
  await Promise.all([site?.close(), down?.close(), bare?.close(), consultSite?.close(), metrics?.close()]);
  for (const server of listening) server.close();
  await rm(dataDir, { recursive: true, force: true });
});

let address = 0;
/** Each request from its own client address (rate limits count per address). */
const from = (): Record<string, string> => ({ 'x-forwarded-for': `203.0.113.${++address}` });
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${site.base}${path}`, { headers: { ...from(), ...headers } });
const postJson = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...from(), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const json = (res: Response, says: string | RegExp): Answered => ({ res, says });
/** A file of the store that fails to open with `fault` (the error a store raises, as it raises it). */
const opening = async (fault: unknown): Promise<Response> => {
  store.fault = fault;
  try {
    return await get(`/media/file/${ids.photo}`);
  } finally {
    store.fault = null;
  }
};
/** What a call of the real store rejects with. */
const refusal = (call: Promise<unknown>): Promise<unknown> =>
  call.then(
    () => new Error('no refusal'),
    (e) => e,
  );
/** Asks until `status` is answered (a rate limit), at most `n` times, with the same client address. */
const until = async (status: number, n: number, ask: (headers: Record<string, string>) => Promise<Response>) => {
  const headers = from();
  let res = await ask(headers);
  for (let i = 1; i < n && res.status !== status; i++) res = await ask(headers);
  return res;
};
const consultation = (res: Response, says: string): Answered => ({ res, says, body: 'consultation' });
const validRequest = {
  name: 'Ann Lee',
  phone: '+1 (555) 010-2000',
  email: 'ann@example.com',
  place: 'Springfield',
  products: [consult.categories[0]],
  times: 'Mornings',
  message: 'A pergola, please.',
  consent: 'yes',
};

const cases: { readonly [N in ServerErrorName]: Case | { readonly notOverHttp: string } } = {
  ApiNotFound: async () => json(await get('/api/no-such-endpoint'), errorText('ApiNotFound')),
  Internal: async () => json(await opening(new TypeError('a bug')), errorText('Internal')),
  BadRequest: async () => json(await get('/media/file/%E0%A4%A'), errorText('BadRequest')),
  RequestMalformed: async () => json(await postJson(site.base, '/api/staff/sign-in', '{"password":'), /JSON/),
  // The file server's own refusals, on a client bundle.
  PreconditionFailed: async () =>
    json(await get('/assets/staff-0123abcd.js', { 'if-match': '"another"' }), 'Precondition Failed'),
  BodyTooLarge: async () =>
    json(await postJson(site.base, '/api/staff/sign-in', { password: 'x'.repeat(8000) }), 'request entity too large'),
  BodyUnsupported: async () =>
    json(
      await postJson(site.base, '/api/staff/sign-in', '{}', { 'content-type': 'application/json; charset=latin1' }),
      'unsupported charset "LATIN1"',
    ),
  RangeRefused: async () =>
    json(await get('/assets/staff-0123abcd.js', { range: 'bytes=99999999-' }), 'Range Not Satisfiable'),
  InvalidId: async () => json(await get('/media/file/not.an.id'), errorText('InvalidId', { name: 'fileId' })),
  InvalidFilter: async () =>
    json(await get('/api/products?category=a&category=b'), errorText('InvalidFilter', { key: 'category' })),
  TooManyRefreshes: async () => {
    const res = await until(429, 40, (headers) =>
      fetch(`${site.base}/api/refresh/${ids.folder}`, { method: 'POST', headers }),
    );
    return json(res, errorText('TooManyRefreshes'));
  },
  PagePathMissing: async () => json(await get(PAGE_ENDPOINT), errorText('PagePathMissing')),
  NoPage: async () => ({ res: await get('/no-such-page-at-all'), says: '<html', body: 'html' }),
  PageDataFailed: async () => ({ res: await fetch(`${down.base}${galleryPage.path}`), says: '<html', body: 'html' }),
  SiteNotBuilt: async () => ({ res: await fetch(`${bare.base}/`), says: errorText('SiteNotBuilt'), body: 'text' }),
  SiteUpdating: async () => ({ res: await fetch(`${updating}/`), says: errorText('SiteUpdating'), body: 'text' }),
  NotReady: async () => ({
    res: await fetch(`${draining}/readyz`),
    says: errorText('NotReady', { why: 'it is draining before it stops' }),
    body: 'readiness',
  }),
  NotMetrics: async () => json(await fetch(metrics.url.replace('/metrics', '/')), errorText('NotMetrics')),
  VitalsRefused: { notOverHttp: 'server/ops/vitals.test.ts posts it to a server with its metrics port' },
  TooManyVitals: { notOverHttp: 'server/ops/vitals.test.ts posts it to a server with its metrics port' },
  StoreUnreachable: async () =>
    json(await opening(new StoreError('upstream', 'socket hang up', 503)), errorText('StoreUnreachable')),
  StoreAnsweredBadly: async () =>
    json(await opening(new StoreError('upstream', 'no size', 502)), errorText('StoreAnsweredBadly')),
  StoreBusy: async () =>
    json(await opening(new StoreError('quota', 'rateLimitExceeded', 429, 3000)), errorText('StoreBusy')),
  StoreNotFound: async () =>
    json(await opening(new StoreError('not-found', 'Gone from the store.')), 'Gone from the store.'),
  StoreRefused: async () => json(await opening(new StoreError('invalid', 'Not asked right.')), 'Not asked right.'),
  StoreFull: async () => json(await opening(new StoreError('quota', 'No room left.', 507)), 'No room left.'),
  NoFolder: async () => {
    await mkdir(join(dataDir, 'media', 'Gone'));
    const gone = (await store.resolveFolder('Gone'))!;
    await rmdir(join(dataDir, 'media', 'Gone'));
    return json(await opening(await refusal(store.listFolder(gone))), errorText('NoFolder', { id: gone }));
  },
  NoMediaFolder: async () =>
    json(await get('/api/drive-images/nosuchfolder'), errorText('NoMediaFolder', { id: 'nosuchfolder' })),
  NoFile: async () => json(await get('/media/file/nosuchfile'), errorText('NoFile', { id: 'nosuchfile' })),
  NoEntry: async () =>
    json(
      await opening(await refusal(store.getFile('nosuchentry'))),
      errorText('NoEntry', { type: 'file', id: 'nosuchentry' }),
    ),
  NoAggregatedType: async () =>
    json(await get('/api/drive-images-aggregated/nosuchtype'), errorText('NoAggregatedType', { type: 'nosuchtype' })),
  InvalidFolderPath: async () =>
    json(
      await opening(await refusal(store.createFolder('../outside'))),
      errorText('InvalidFolderPath', { path: '../outside' }),
    ),
  DriveNotFound: async () =>
    json(
      await opening(toStoreError({ status: 404 }, 'reading file x', 'File x')),
      errorText('DriveNotFound', { subject: 'File x' }),
    ),
  DriveRangeOutside: async () =>
    json(
      await opening(toStoreError({ status: 416 }, 'reading file x', 'File x')),
      errorText('DriveRangeOutside', { subject: 'file x' }),
    ),
  NoDriveStorage: async () => {
    const quota = { status: 403, errors: [{ reason: 'storageQuotaExceeded' }] };
    return json(await opening(toStoreError(quota, 'storing x', 'File x')), errorText('NoDriveStorage'));
  },
  RangeNotSatisfiable: async () => {
    const size = (await readFile(join(dataDir, 'media', leaf, 'photo.jpg'))).length;
    const res = await get(`/media/file/${ids.photo}`, { range: `bytes=${size + 10}-` });
    expect(res.headers.get('content-range')).toBe(`bytes */${size}`);
    return json(res, errorText('RangeNotSatisfiable', { size }));
  },
  InvalidThumbFileId: async () => json(await get('/media/thumb/not.an.id/v1/tile'), errorText('InvalidThumbFileId')),
  InvalidVersion: async () =>
    json(await get(`/media/thumb/${ids.photo}/not.a.version/tile`), errorText('InvalidVersion')),
  UnknownThumbSize: async () =>
    json(await get(`/media/thumb/${ids.photo}/${ids.photoVersion}/huge`), /^Unknown size: use tile, /),
  NoThumbnail: async () =>
    json(await get(`/media/thumb/${ids.clip}/${ids.clipVersion}/tile`), errorText('NoThumbnail')),
  UnreadableImage: async () =>
    json(await get(`/media/thumb/${ids.damaged}/${ids.damagedVersion}/tile`), errorText('UnreadableImage')),
  UnreadableRendition: async () => {
    const name = `${'0'.repeat(64)}.jpg`;
    await site.database.db
      .insertInto('slot_image_files')
      .values({ name, mime_type: 'image/jpeg', bytes: Buffer.from('damaged'), created_at: new Date().toISOString() })
      .execute();
    return json(await get(`/media/slot/${name}/w320`), errorText('UnreadableRendition'));
  },
  NoImage: async () => json(await get(`/media/slot/${'1'.repeat(64)}.jpg/w320`), errorText('NoImage')),
  NoSlotImage: async () => json(await get(`/media/slot/${'2'.repeat(64)}.jpg`), errorText('NoSlotImage')),
  NoDefaultImage: async () =>
    json(await get('/media/default/0123456789abcdef/no-such-default.jpg/w320'), errorText('NoDefaultImage')),
  VideoNotReady: async () => json(await get(`/media/video/${ids.clip}/${ids.clipVersion}`), errorText('VideoNotReady')),
  SignInFirst: async () => json(await get('/api/folder-setup'), errorText('SignInFirst')),
  NotYourRole: async () => json(await get('/api/folder-setup', { cookie: officeCookie }), errorText('NotYourRole')),
  PersonExists: async () => {
    const owner = await signInAs(site, 'owner');
    const again = { ...personOf('office'), role: 'office' };
    await ensurePerson(site.database, 'office');
    return json(await postJson(site.base, '/api/staff/people', again, { cookie: owner }), errorText('PersonExists'));
  },
  NoPerson: async () => {
    const owner = await signInAs(site, 'owner');
    const body = { email: 'nobody@staff.test', status: 'suspended' };
    return json(await postJson(site.base, '/api/staff/people/update', body, { cookie: owner }), errorText('NoPerson'));
  },
  LastOwner: async () => {
    const owner = await signInAs(site, 'owner');
    const body = { email: personOf('owner').email, role: 'admin' };
    return json(await postJson(site.base, '/api/staff/people/update', body, { cookie: owner }), errorText('LastOwner'));
  },
  SetupDone: async () => {
    await ensurePerson(site.database, 'owner');
    const owner = { ...personOf('owner'), email: 'second-owner@staff.test', setupPassword: PASSWORD };
    return json(await postJson(site.base, '/api/staff/setup', owner), errorText('SetupDone'));
  },
  WeakPassword: async () => {
    const fresh = await startErrorSite({ dataDir: await mkdtemp(join(tmpdir(), 'error-answers-setup-')), store });
    try {
      const owner = { email: 'o@staff.test', name: 'O', password: 'password1', setupPassword: PASSWORD };
      return json(await postJson(fresh.base, '/api/staff/setup', owner), signInTexts['weakPassword']!);
    } finally {
      await fresh.close();
    }
  },
  WrongPassword: async () => {
    const res = await postJson(site.base, '/api/staff/sign-in', { password: 'wrong' });
    return json(res, signInTexts['wrongPassword']!);
  },
  TooManySignIns: async () => {
    const res = await until(429, 20, (headers) =>
      postJson(site.base, '/api/staff/sign-in', { password: 'wrong' }, headers),
    );
    return json(res, signInTexts['tooManyAttempts']!);
  },
  CrossSite: async () =>
    json(
      await postJson(site.base, '/api/staff/sign-in', { password: PASSWORD }, { origin: 'https://elsewhere.example' }),
      errorText('CrossSite'),
    ),
  NoOrigin: async () => {
    const res = await fetch(`${site.base}/api/staff/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return json(res, errorText('NoOrigin'));
  },
  UnknownFolderPath: async () =>
    json(
      await postJson(site.base, '/api/folder-setup/mark', { path: 'No/Such/Folder' }, { cookie }),
      errorText('UnknownFolderPath', { path: 'No/Such/Folder' }),
    ),
  UploadTooLarge: async () => {
    const res = await upload(site.base, cookie, 'homepage-hero', Buffer.alloc(11 * 1024 * 1024));
    const [before = '', after = ''] = managerTexts['tooLarge']!.split('{n}');
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return json(res, new RegExp(`^${literal(before)}1\\d\\.\\d${literal(after)}$`));
  },
  UploadMalformed: async () => {
    const form = new FormData();
    form.append('productId', 'homepage-hero');
    form.append('other', new Blob([new Uint8Array(await jpeg(3))], { type: 'image/jpeg' }), 'a.jpg');
    const res = await fetch(`${site.base}/api/upload-preview-image`, {
      method: 'POST',
      headers: { cookie, origin: site.base },
      body: form,
    });
    return json(res, errorText('UploadMalformed'));
  },
  UploadWithoutFile: async () => {
    const form = new FormData();
    form.append('productId', 'homepage-hero');
    const res = await fetch(`${site.base}/api/upload-preview-image`, {
      method: 'POST',
      headers: { cookie, origin: site.base },
      body: form,
    });
    return json(res, errorText('UploadWithoutFile'));
  },
  UnknownSlotId: async () =>
    json(
      await upload(site.base, cookie, 'no-such-slot', await jpeg(4)),
      errorText('UnknownSlotId', { id: 'no-such-slot' }),
    ),
  NotAnImage: async () =>
    json(
      await upload(site.base, cookie, 'homepage-hero', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      errorText('NotAnImage'),
    ),
  ImageHeaderUnreadable: async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    return json(await upload(site.base, cookie, 'homepage-hero', bytes), errorText('ImageHeaderUnreadable'));
  },
  UnreadableHeic: async () => {
    const heic = await readFile('testing/fixtures/phone.heic');
    const res = await upload(site.base, cookie, 'homepage-hero', heic.subarray(0, 600), {
      name: 'a.heic',
      type: 'image/heic',
    });
    return json(res, errorText('UnreadableHeic'));
  },
  TooManyFrames: async () => {
    const res = await upload(site.base, cookie, 'homepage-hero', gifAnimation(10, 10, 501), { type: 'image/gif' });
    return json(res, errorText('TooManyFrames', { frames: '501', most: 500 }));
  },
  AnimationTooLarge: async () => {
    const res = await upload(site.base, cookie, 'homepage-hero', gifAnimation(3000, 2000, 10), { type: 'image/gif' });
    const args = { frames: '10', width: 3000, height: 2000, total: '60 megapixels', most: '50 megapixels' };
    return json(res, errorText('AnimationTooLarge', args));
  },
  ImageTooLarge: async () => {
    const res = await upload(site.base, cookie, 'homepage-hero', pngClaiming(20000, 20000), { type: 'image/png' });
    const args = { width: 20000, height: 20000, total: '400 megapixels', most: '50 megapixels' };
    return json(res, errorText('ImageTooLarge', args));
  },
  UnreadableUpload: async () =>
    json(await upload(site.base, cookie, 'homepage-hero', await truncatedJpeg()), errorText('UnreadableUpload')),
  ConsultationSpam: async () =>
    consultation(
      await postJson(consultSite.base, CONSULTATION_API, { ...validRequest, [HONEYPOT_FIELD]: 'http://spam' }),
      consult.texts['spam']!,
    ),
  ConsultationInvalid: async () => {
    const res = await postJson(consultSite.base, CONSULTATION_API, {});
    const answered = consultation(res, consult.texts['errorTitle']!);
    expect(((await res.clone().json()) as { errors?: object }).errors).toBeTypeOf('object');
    return answered;
  },
  TooManyConsultations: async () => {
    const res = await until(429, 5, (headers) => postJson(consultSite.base, CONSULTATION_API, {}, headers));
    return consultation(res, consult.texts['tooMany']!);
  },
  ConsultationNotStored: async () => {
    const requests = consultSite.consultations.store;
    const add = requests.add.bind(requests);
    requests.add = () => Promise.reject(new Error('the database is gone'));
    try {
      return consultation(await postJson(consultSite.base, CONSULTATION_API, validRequest), consult.texts['failed']!);
    } finally {
      requests.add = add;
    }
  },
  InvalidRequestStatus: async () =>
    json(
      await postJson(
        consultSite.base,
        '/admin/requests/nosuchrequest/status',
        { status: 'lost' },
        { cookie: consultCookie },
      ),
      errorText('InvalidRequestStatus', { statuses: 'new, contacted, done' }),
    ),
  ManifestFilesMalformed: async () =>
    json(
      await postJson(site.base, '/admin/api/manifest/check', { files: [{ name: '../x.yaml', text: '' }] }, { cookie }),
      errorText('ManifestFilesMalformed'),
    ),
  ManifestBaseMissing: async () =>
    json(
      await postJson(site.base, '/admin/api/manifest/publish', { files: await liveFiles() }, { cookie }),
      errorText('ManifestBaseMissing'),
    ),
  ManifestProblems: async () => {
    const files = (await liveFiles()).map((f) => ({ ...f, text: f.text.replace('\nproducts:\n', '\nprodcts:\n') }));
    const res = await postJson(site.base, '/admin/api/manifest/publish', { baseVersion: 1, files }, { cookie });
    return {
      res,
      says: new RegExp(`^The manifest has \\d+ problem\\(s\\); nothing was published\\.`),
      body: 'manifest',
    };
  },
  ManifestMoved: async () => {
    const res = await postJson(
      site.base,
      '/admin/api/manifest/publish',
      { baseVersion: 0, files: await liveFiles() },
      { cookie },
    );
    return { res, says: errorText('ManifestMoved', { base: '0', live: '1' }), body: 'manifest' };
  },
  ManifestTooLarge: async () =>
    json(
      await postJson(
        site.base,
        '/admin/api/manifest/check',
        { files: [{ name: 'large.yaml', text: `# ${'x'.repeat(7 * 1024 * 1024)}` }] },
        { cookie },
      ),
      errorText('ManifestTooLarge', { size: '7.0 MB', most: '6.0 MB' }),
    ),
  ManifestPageFails: {
    notOverHttp:
      'server/manifest/publish-render.test.ts publishes, on a server process whose build breaks on a page, a draft with that page',
  },
  ManifestBusy: { notOverHttp: 'server/manifest/limits.test.ts asks while a server process builds 10,000 members' },
  ManifestCheckTooLong: { notOverHttp: 'server/manifest/builder.test.ts runs a real worker past its time limit' },
  ManifestCheckTooLarge: { notOverHttp: 'server/manifest/builder.test.ts runs a real worker past its memory limit' },
  ManifestCheckFailed: { notOverHttp: 'a worker that dies of anything but its limits: nothing makes the engine throw' },
  NoPreview: async () =>
    json(await get('/admin/manifest/preview/AAAAAAAAAAAAAAAA/', { cookie }), errorText('NoPreview')),
  NoManifestVersion: async () =>
    json(await get('/admin/api/manifest/versions/99', { cookie }), errorText('NoManifestVersion', { number: '99' })),
  TranslationsMoved: async () => {
    const res = await postJson(
      site.base,
      '/admin/api/translations/mark',
      { target: 'all', baseVersion: 0 },
      { cookie },
    );
    const { version } = (await (await get('/admin/api/manifest', { cookie })).json()) as { version: number };
    return { res, says: errorText('TranslationsMoved', { base: '0', live: String(version) }), body: 'manifest' };
  },
  TranslationTargetUnknown: async () => {
    const { version } = (await (await get('/admin/api/manifest', { cookie })).json()) as { version: number };
    const body = { target: '/nowhere', baseVersion: version };
    const res = await postJson(site.base, '/admin/api/translations/mark', body, { cookie });
    return json(res, errorText('TranslationTargetUnknown', { target: '/nowhere' }));
  },
  NoRequest: async () =>
    json(
      await postJson(
        consultSite.base,
        '/admin/requests/nosuchrequest/status',
        { status: 'done' },
        { cookie: consultCookie },
      ),
      errorText('NoRequest'),
    ),
};

/** The live manifest's files, as the editor loads them. */
const liveFiles = async (): Promise<{ name: string; text: string }[]> =>
  ((await (await get('/admin/api/manifest', { cookie })).json()) as { files: { name: string; text: string }[] }).files;

/** What the body says, in the format the case expects. */
async function textOf(res: Response, body: Body): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  if (body === 'text' || body === 'html') {
    expect(type).toMatch(body === 'text' ? /^text\/plain/ : /^text\/html/);
    return res.text();
  }
  expect(type).toMatch(/^application\/json/);
  const parsed = (await res.json()) as { ok?: unknown; error?: unknown };
  if (body === 'consultation') expect(parsed.ok).toBe(false);
  else if (body === 'readiness') expect(Object.keys(parsed)).toEqual(['status', 'error', 'checks']);
  else if (body === 'manifest') expect(Object.keys(parsed)[0]).toBe('error');
  else expect(Object.keys(parsed)).toEqual(['error']);
  expect(parsed.error).toBeTypeOf('string');
  return parsed.error as string;
}

describe('every error answer of the catalogue, from the real app over HTTP', () => {
  for (const name of Object.keys(serverErrors) as ServerErrorName[]) {
    const c = cases[name];
    const status = errorStatus(name);
    if (typeof c !== 'function') {
      it.skip(`${name} -> ${status} (${c.notOverHttp})`, () => undefined);
      continue;
    }
    it(`${name} -> ${status}`, async () => {
      const { res, says, body = 'json' } = await c();
      expect(res.status).toBe(status);
      expect(res.headers.get('cache-control')).toBe('no-store');
      // A 503 and a rate limit say when to ask again.
      if (status === 503 || status === 429) expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(res.headers.get('etag')).toBeNull();
      const text = await textOf(res, body);
      if (says instanceof RegExp) expect(text).toMatch(says);
      else if (body === 'html') expect(text).toContain(says);
      else expect(text).toBe(says);
    });
  }
});
