import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { Catalogue } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';
import { createApp } from '../server/app.ts';
import { createDataCache, createSiteData } from '../server/data/site-data.ts';
import { createLogger } from '../server/log.ts';
import { LocalStore } from '../server/media/local.ts';
import type { MediaStore } from '../server/media/types.ts';
import { createStaff, type Staff, type StaffDeps } from '../server/staff/index.ts';
import { openSiteDatabase, SQLITE_FILE, type Database, type DatabaseTarget } from '../server/db/database.ts';
import { Accounts } from '../server/staff/accounts.ts';
import type { Role } from '../engine/shared/roles.ts';
import { countsIn } from '../server/db/rate-counts.ts';

/** The real app with the staff tools on a loopback port, for tests. */

/** The setup password the harness starts servers with (it creates the first owner, then stops working). */
export const PASSWORD = 'correct horse battery staple';

export function testCatalogue(): Catalogue {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  return built.catalogue;
}

export interface StaffServer {
  readonly base: string;
  readonly staff: Staff;
  /** The site database the staff tools write (SQLite in `dataDir`). */
  readonly database: Database;
  close(): Promise<void>;
}

export async function startStaffServer(
  options: { dataDir: string; store?: MediaStore } & Partial<Omit<StaffDeps, 'store' | 'config' | 'database'>> & {
      rootFolderId?: string;
    },
): Promise<StaffServer> {
  const catalogue = options.catalogue ?? testCatalogue();
  const logger = options.logger ?? createLogger('silent');
  const store = options.store ?? new LocalStore({ dataDir: options.dataDir });
  const database = await openSiteDatabase({ file: join(options.dataDir, SQLITE_FILE) });
  const staff = await createStaff({
    ...options,
    database,
    config: { dataDir: options.dataDir, drive: { rootFolderId: options.rootFolderId } },
    catalogue,
    store,
    env: options.env ?? { password: PASSWORD },
    logger,
  });
  const data = createSiteData({
    catalogue,
    store,
    cache: createDataCache({}),
    slotImages: () => staff.slotImages.read(),
  });
  const app = createApp({
    config: { dataDir: options.dataDir },
    catalogue,
    data,
    logger,
    routers: [staff.router(data)],
    counts: countsIn(database),
    slotBytes: staff.slotImages.bytes,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    staff,
    database,
    close: async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}

/** The e-mail and password of the harness's person of `role` (the harness makes the account, so it knows them). */
export const personOf = (role: Role): { email: string; password: string; name: string } => ({
  email: `${role}@staff.test`,
  password: `${role} password of the test harness`,
  name: `Test ${role}`,
});

/** Makes the harness's account of `role` in `database` (the site's, or where to open it) unless it is there. */
export async function ensurePerson(database: Database | DatabaseTarget, role: Role): Promise<void> {
  const open = 'db' in database ? database : await openSiteDatabase(database);
  try {
    const accounts = new Accounts(open);
    const { email, password, name } = personOf(role);
    if (!(await accounts.byEmail(email))) await accounts.create({ email, name, role, password });
  } finally {
    if (open !== database) await open.close();
  }
}

/** Signs in over HTTP with e-mail and password; returns the `Cookie` header value of the session. */
export async function signInWith(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 204) throw new Error(`sign-in answered ${res.status}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

/**
 * Signs in on `site.base` as the harness's person of `role` (made in `site.database` first, an open
 * database or where to open it); returns the `Cookie` header value of the session.
 */
export async function signInAs(
  site: { readonly base: string; readonly database: Database | DatabaseTarget },
  role: Role,
): Promise<string> {
  await ensurePerson(site.database, role);
  const { email, password } = personOf(role);
  return signInWith(site.base, email, password);
}

/** A small real JPEG of one colour (different seeds give different bytes). */
export const jpeg = (seed: number, size = 32): Promise<Buffer> =>
  sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .jpeg()
    .toBuffer();

/** A JPEG whose header reads fine but whose data stops at 60 % (a half-copied or damaged file). */
export async function truncatedJpeg(): Promise<Buffer> {
  const raw = Buffer.alloc(128 * 128 * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
  const full = await sharp(raw, { raw: { width: 128, height: 128, channels: 3 } })
    .jpeg()
    .toBuffer();
  return full.subarray(0, Math.floor(full.length * 0.6));
}

/** A tiny PNG that claims `width` x `height` pixels (a decompression bomb, as far as its header goes). */
export function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A small animated GIF of `frames` frames of `width` x `height`, each frame's data a single pixel (a
 * decoder fills in the rest): thousands of huge frames in a few kilobytes (an animation bomb).
 */
export function gifAnimation(width: number, height: number, frames: number): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt16LE(width, 0);
  size.writeUInt16LE(height, 2);
  const screen = Buffer.alloc(7);
  size.copy(screen);
  screen.set([0x80, 0, 0], 4); // a global colour table of 2 entries
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 0x03, 0x01, 0, 0, 0]);
  const frame = Buffer.from([
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // 100 ms per frame
    ...[0x2c, 0, 0, 0, 0, ...size, 0x00], // an image of the whole screen
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // its LZW data: one pixel of colour 0, then the end
  ]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 0xff, 0xff, 0xff]),
    loop,
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

/** POSTs a multipart upload like the image manager does. */
export function upload(
  base: string,
  cookie: string,
  id: string,
  bytes: Buffer,
  {
    name = 'photo.jpg',
    type = 'image/jpeg',
    origin = base,
  }: { name?: string; type?: string; origin?: string | null } = {},
): Promise<Response> {
  const form = new FormData();
  form.append('productId', id);
  form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
  return fetch(`${base}/api/upload-preview-image`, {
    method: 'POST',
    headers: { cookie, ...(origin === null ? {} : { origin }) },
    body: form,
  });
}
