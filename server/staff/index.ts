import { join } from 'node:path';
import { Router } from 'express';
import { isSignIn, type Catalogue } from '../../engine/index.ts';
import type { StorageRoot } from '../../engine/shared/staff.ts';
import type { ServerConfig } from '../config.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import type { Logger } from '../log.ts';
import type { MediaStore } from '../media/types.ts';
import type { Database } from '../db/database.ts';
import { databaseCounts } from '../db/rate-counts.ts';
import { Accounts } from './accounts.ts';
import { StaffAuth } from './auth.ts';
import { Sessions } from './sessions.ts';
import { peopleRouter } from './people.ts';
import { folderRouter, FolderMarks } from './folders.ts';
import { healthRouter } from './health.ts';
import type { StaffFrame } from './html.ts';
import { staffFrame, staffPagesRouter } from './pages.ts';
import { loadStaffSecrets, type StaffEnv } from './secrets.ts';
import { signInRouter } from './sign-in.ts';
import { databaseSlotImages, driveSlotImages, isSlotImageStore, type SlotImages } from './slot-images.ts';
import { uploadRouter } from './upload.ts';

export { staffEnv, type StaffEnv } from './secrets.ts';

export interface StaffDeps {
  readonly config: Pick<ServerConfig, 'dataDir'> & { readonly drive?: Pick<ServerConfig['drive'], 'rootFolderId'> };
  readonly catalogue: Catalogue;
  /** The site database: slot map and images (local store), folder marks, secrets, sign-in counts. */
  readonly database: Database;
  readonly store: MediaStore;
  readonly env: StaffEnv;
  readonly logger?: Logger;
  readonly clock?: () => number;
  /** Drive mode: how long an instance keeps the slot map read from Drive (default 30 s). */
  readonly slotMapTtlMs?: number;
  /** Wrong passwords per IP per 15 min before 429 (default 10). */
  readonly signInAttempts?: number;
  readonly distDir?: string;
}

/** The staff tools: what feeds `GET /api/preview-images`, and the router of pages and writing APIs. */
export interface Staff {
  readonly auth: StaffAuth;
  /** The people who may sign in. */
  readonly accounts: Accounts;
  /** What every staff page shows around its tool (a page the server writes itself shows it too). */
  readonly frame: StaffFrame;
  /** The slot images: `read` feeds `createSiteData({ slotImages })`. */
  readonly slotImages: SlotImages;
  /** The router for `createApp({ routers })`: sign-in, staff pages, uploads, folder setup and health, slot images. */
  router(
    data: Pick<LiveSiteData, 'forgetFolders' | 'folderId' | 'folderContents' | 'decorate' | 'conversionFailed'>,
  ): Router;
}

/** Ids a slot image may be stored under: every slot and every product of the manifest. */
export const uploadIds = (catalogue: Catalogue): ReadonlySet<string> =>
  new Set([...catalogue.slots.map((s) => s.id), ...catalogue.products.map((p) => p.id)]);

export async function createStaff(deps: StaffDeps): Promise<Staff> {
  const { catalogue, store, config, logger } = deps;
  const { database } = deps;
  const { password } = await loadStaffSecrets(database, config.dataDir, deps.env, logger);
  const accounts = new Accounts(database);
  const knownIds = uploadIds(catalogue);
  const slotImages = isSlotImageStore(store)
    ? driveSlotImages(store, { knownIds, ttlMs: deps.slotMapTtlMs, clock: deps.clock, logger })
    : databaseSlotImages(database);
  const paths = catalogue.folders.map((f) => f.path);
  const marks = new FolderMarks(database, paths);
  const rootId = config.drive?.rootFolderId;
  const root: StorageRoot =
    store.kind === 'drive' && rootId
      ? { kind: 'drive', url: `https://drive.google.com/drive/folders/${encodeURIComponent(rootId)}` }
      : { kind: 'local', path: join(config.dataDir, 'media') };
  const page = (kind: string) => catalogue.pages.find((p) => p.kind === kind);
  const signInPage = catalogue.pages.find((p) => isSignIn(p.kind));
  const manager = page('image-manager');
  // Without a sign-in page nothing asks for a session: the checker wants one wherever staff sign in.
  const frame = staffFrame(catalogue);
  const sessions = new Sessions(database, accounts, deps.clock);
  const auth = new StaffAuth(sessions, signInPage?.path ?? '/', frame, signInPage?.texts['forbidden'] ?? '');

  return {
    auth,
    accounts,
    frame,
    slotImages,
    router(data) {
      const router = Router();
      if (signInPage)
        router.use(
          signInRouter({
            auth,
            accounts,
            setupPassword: password,
            page: signInPage,
            home: manager?.path ?? '/',
            attempts: deps.signInAttempts,
            counts: databaseCounts(database, 'sign-in'),
            logger,
          }),
        );
      if (slotImages.router) router.use(slotImages.router);
      router.use(peopleRouter({ auth, accounts, weakPassword: signInPage?.texts['weakPassword'] ?? '' }));
      router.use(uploadRouter({ auth, images: slotImages, knownIds, texts: manager?.texts ?? {} }));
      router.use(folderRouter({ auth, marks, store, data, paths }));
      router.use(healthRouter({ auth, catalogue, store, data, clock: deps.clock }));
      const existingFolders = () => store.existingFolders(paths);
      router.use(staffPagesRouter({ auth, catalogue, marks, existingFolders, root, distDir: deps.distDir, logger }));
      return router;
    },
  };
}
