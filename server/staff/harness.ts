import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { Catalogue } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { createApp } from '../app.ts';
import { createDataCache, createSiteData } from '../data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';
import type { MediaStore } from '../media/types.ts';
import { createStaff, type Staff, type StaffDeps } from './index.ts';

/** Test support: the real app with the staff tools on a loopback port (no part of production code). */

export const PASSWORD = 'correct horse battery staple';

export function testCatalogue(): Catalogue {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  return built.catalogue;
}

export interface StaffServer {
  readonly base: string;
  readonly staff: Staff;
  close(): Promise<void>;
}

export async function startStaffServer(
  options: { dataDir: string; store?: MediaStore } & Partial<Omit<StaffDeps, 'store' | 'config'>> & {
      rootFolderId?: string;
    },
): Promise<StaffServer> {
  const catalogue = options.catalogue ?? testCatalogue();
  const logger = createLogger('silent');
  const store = options.store ?? new LocalStore({ dataDir: options.dataDir });
  const staff = await createStaff({
    ...options,
    config: { dataDir: options.dataDir, drive: { rootFolderId: options.rootFolderId } },
    catalogue,
    store,
    env: options.env ?? { password: PASSWORD },
    logger,
  });
  const data = createSiteData({ catalogue, store, cache: createDataCache({}), previewImages: staff.previewImages });
  const app = createApp({
    config: { dataDir: options.dataDir },
    catalogue,
    data,
    logger,
    routers: [staff.router(data)],
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    staff,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** Signs in over HTTP and returns the `Cookie` header value of the session. */
export async function signIn(base: string, password = PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/staff/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ password }),
  });
  if (res.status !== 204) throw new Error(`sign-in answered ${res.status}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}

/** A small real JPEG of one colour (different seeds give different bytes). */
export const jpeg = (seed: number, size = 32): Promise<Buffer> =>
  sharp({
    create: { width: size, height: size, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .jpeg()
    .toBuffer();

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
