import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import type { Catalogue } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';
import { createApp } from '../server/app.ts';
import { standInDist } from './error-site.ts';
import { consultationConfig, consultationSettings, openConsultations } from '../server/consultations/index.ts';
import { createDataCache, createSiteData } from '../server/data/site-data.ts';
import { FakeDrive } from './fake-drive/index.ts';
import { seedFolderPaths } from './fake-drive/fixture.ts';
import { createLogger } from '../server/log.ts';
import { createDriveStore, type DriveStore } from '../server/media/drive.ts';
import { LQIP_DIR, TileLqips } from '../server/imaging/lqip.ts';
import { createStaff } from '../server/staff/index.ts';
import { ensurePerson, personOf } from './staff-harness.ts';
import { openSiteDatabase, SQLITE_FILE } from '../server/db/database.ts';
import { createVideoConversions } from '../server/video/index.ts';

/**
 * Test tooling of the fault suite: the whole site in drive mode over the real googleapis client against
 * the fake Drive on loopback, built as `server/main.ts` builds it: `createApp` with the same parts (the
 * staff tools and consultation requests as its routers, video conversions), so every route production
 * mounts is here. One clock the test moves (cache ages, breaker pauses, staff sessions); the request
 * deadline stays on the wall clock.
 */
export interface FaultSite {
  readonly base: string;
  /** The app as mounted (its router stack lists every route, for the fuzz). */
  readonly app: Express;
  /** A staff person of the owner's role (signing in gives a session cookie). */
  readonly person: { readonly email: string; readonly password: string };
  /** The server's DATA_DIR. */
  readonly dataDir: string;
  readonly fake: FakeDrive;
  readonly store: DriveStore;
  readonly catalogue: Catalogue;
  /** Folder path -> fake Drive id. */
  folder(path: string): string;
  /** Moves the site's clock (cache ages, breaker pauses). */
  advance(ms: number): void;
  /** Upstream calls so far (all operations, or one). */
  upstream(op?: Parameters<FakeDrive['calls']>[0]): number;
  close(): Promise<void>;
}

const loaded = loadCatalogue();
if (!loaded.ok) throw new Error('The manifest is invalid.');
export const catalogue = loaded.catalogue;
/** Folders without sub-folders: where media lives. */
export const leaves = catalogue.folders
  .filter((f) => !catalogue.folders.some((g) => g.parent === f.path))
  .map((f) => f.path);

const STAFF_PASSWORD = 'fault suite staff password';

export async function startFaultSite(
  options: {
    deadlineMs?: number;
    maxPageSize?: number;
    filled?: readonly string[];
    realClock?: boolean;
    /**
     * Also what production adds that asks Drive on its own: the slot map read from Drive and blurred
     * tiles' LQIPs. Off by default, so that the suite's counts of Drive calls are the visitors'.
     */
    production?: boolean;
  } = {},
): Promise<FaultSite> {
  let now = Date.parse('2026-03-01T00:00:00Z');
  const clock = options.realClock ? Date.now : () => now;
  const fake = await FakeDrive.start(options.maxPageSize ? { maxPageSize: options.maxPageSize } : {});
  const rootId = await seedFolderPaths(
    fake,
    catalogue.folders.map((f) => f.path),
    { filled: options.filled ?? leaves },
  );
  const store = await createDriveStore({
    credentialsJson: JSON.stringify(fake.serviceAccountKey()),
    rootFolderId: rootId,
    apiRootUrl: fake.rootUrl,
    ...(options.realClock ? {} : { retry: { baseMs: 5, maxMs: 20 } }),
    keyBreakers: { clock },
  });
  const dataDir = await mkdtemp(join(tmpdir(), 'drive-faults-'));
  const distDir = await standInDist(dataDir);
  const cache = createDataCache({ clock });
  const logger = createLogger('silent');
  const env = { STAFF_PASSWORD };
  const config = { dataDir, drive: { rootFolderId: rootId } };
  const database = await openSiteDatabase({ file: join(dataDir, SQLITE_FILE) });
  const staff = await createStaff({
    config,
    catalogue,
    database,
    store,
    env: { password: STAFF_PASSWORD },
    logger,
    clock,
    distDir,
  });
  await ensurePerson(database, 'owner');
  const videos = createVideoConversions({ dataDir, store, logger }, env);
  const data = createSiteData({
    catalogue,
    store,
    cache,
    videos,
    ...(options.production
      ? {
          slotImages: () => staff.slotImages.read(),
          lqips: new TileLqips(join(dataDir, LQIP_DIR)),
        }
      : { slotImages: async () => ({}) }),
  });
  const settings = consultationSettings(catalogue);
  const consultations = settings
    ? openConsultations({ config: consultationConfig(env), database, settings: () => settings, logger })
    : null;
  const app = createApp({
    config: { dataDir },
    catalogue,
    data,
    logger,
    distDir,
    videos,
    routers: [staff.router(data), ...(settings && consultations ? [consultations.router(settings, staff)] : [])],
    ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    app,
    person: personOf('owner'),
    dataDir,
    fake,
    store,
    catalogue,
    folder: (path) => fake.state.findPath(rootId, path)!,
    advance: (ms) => void (now += ms),
    upstream: (op) => (op ? fake.calls(op) : fake.faults.log.length),
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      await videos.idle();
      await consultations?.close();
      await database.close();
      await fake.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A GET (or POST) with a hang guard far above any expected answer time; never a timed assertion. */
export async function hit(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(20_000), ...init });
  return { status: res.status, headers: res.headers, text: await res.text() };
}
