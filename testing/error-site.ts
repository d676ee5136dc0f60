import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { STAFF_ENTRY } from '../engine/shared/staff.ts';
import { createApp } from '../server/app.ts';
import { createDataCache, createSiteData } from '../server/data/site-data.ts';
import { createLogger } from '../server/log.ts';
import { LocalStore } from '../server/media/local.ts';
import type { ByteRange, MediaStore, OpenedFile } from '../server/media/types.ts';
import { createStaff } from '../server/staff/index.ts';
import { openSiteDatabase, SQLITE_FILE, type Database } from '../server/db/database.ts';
import { openManifest } from '../server/manifest/index.ts';
import { createVideoConversions } from '../server/video/index.ts';
import { PASSWORD, testCatalogue } from './staff-harness.ts';
import type { Router } from 'express';
import { consultationConfig, consultationSettings, openConsultations } from '../server/consultations/index.ts';

/**
 * Test tooling of the error answers: the real app with the staff tools and the video routes on a
 * local store, on loopback, with a stand-in build (pages render) or none (`SiteNotBuilt`).
 */

/** A local store whose files fail to open with `fault` while it is set (any error a store can raise). */
export class FaultyStore extends LocalStore {
  fault: unknown = null;

  override async openFile(fileId: string, range?: ByteRange): Promise<OpenedFile> {
    if (this.fault !== null) throw this.fault;
    return super.openFile(fileId, range);
  }
}

/**
 * A stand-in build for SSR under `dir`: its server entry re-exports the real `site/entry-server.tsx`
 * (vitest transforms it) and its client manifest names a stand-in staff bundle only.
 */
export async function standInDist(dir: string): Promise<string> {
  const dist = join(dir, 'dist');
  await mkdir(join(dist, 'server'), { recursive: true });
  await mkdir(join(dist, 'client', '.vite'), { recursive: true });
  const staff = { file: 'assets/staff-0123abcd.js', isEntry: true };
  await writeFile(join(dist, 'client', '.vite', 'manifest.json'), JSON.stringify({ [STAFF_ENTRY]: staff }));
  await mkdir(join(dist, 'client', 'assets'), { recursive: true });
  await writeFile(join(dist, 'client', staff.file), 'export {};\n');
  const entry = resolve('site/entry-server.tsx');
  await writeFile(join(dist, 'server', 'entry-server.js'), `export { render } from ${JSON.stringify(entry)};\n`);
  return dist;
}

export interface ErrorSite {
  readonly base: string;
  /** The site database (SQLite in `dataDir`), for putting a damaged slot image where the server keeps them. */
  readonly database: Database;
  /** The staff, manifest and consultation routers it mounts (their stacks list every staff route). */
  readonly routers: readonly Router[];
  close(): Promise<void>;
}

/** The app on `store` (files under `dataDir`), the staff password `PASSWORD`; without `distDir` nothing is built. */
export async function startErrorSite(options: {
  dataDir: string;
  store: MediaStore;
  distDir?: string;
}): Promise<ErrorSite> {
  const { dataDir, store } = options;
  const catalogue = testCatalogue();
  const logger = createLogger('silent');
  const distDir = options.distDir ?? join(dataDir, 'no-build');
  const database = await openSiteDatabase({ file: join(dataDir, SQLITE_FILE) });
  // The manifest's versions (the files of manifest/ become version 1), its API for staff.
  const manifest = await openManifest({ database, logger, env: {}, dataDir, serverName: 'error-site' });
  const staff = await createStaff({
    config: { dataDir },
    catalogue,
    database,
    store,
    env: { password: PASSWORD },
    logger,
    distDir,
  });
  const data = createSiteData({
    catalogue,
    store,
    cache: createDataCache({}),
    slotImages: () => staff.slotImages.read(),
  });
  // Consultation requests (without mail), so that every staff router production mounts is here.
  const settings = consultationSettings(catalogue);
  const consultations = settings
    ? openConsultations({ config: consultationConfig({}), database, settings: () => settings, logger })
    : undefined;
  const routers = [
    staff.router(data),
    manifest.router(staff.auth, { store, cache: createDataCache({}), slotImages: async () => ({}) }),
    ...(settings && consultations ? [consultations.router(settings, staff)] : []),
  ];
  // Conversions the listings never start: every video is one not ready to play yet.
  const videos = createVideoConversions({ dataDir, store, logger });
  const app = createApp({
    // The tests name their client addresses in X-Forwarded-For, as a proxy on this machine would.
    config: { dataDir, trustProxy: 'loopback' },
    catalogue,
    data,
    logger,
    distDir,
    videos,
    routers,
    slotBytes: staff.slotImages.bytes,
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    database,
    routers,
    close: async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await manifest.close();
      await consultations?.close();
      await database.close();
    },
  };
}
