import { Router, type Request } from 'express';
import type { BuildResult, Catalogue } from '../../engine/index.ts';
import type { Database } from '../db/database.ts';
import type { LiveSite, LiveSiteOptions } from '../live/reload.ts';
import type { Logger } from '../log.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { createSiteData, type SiteDataDeps } from '../data/site-data.ts';
import { createRenderRouter } from '../render/index.ts';
import { firstRenderFailure, pathsToProbe } from '../render/probe.ts';
import { ImageRefs, type ImageRefsDeps } from '../imaging/images.ts';
import { draftOwnerOf, manifestAccess, manifestApiRouter, tokenCheck } from './api.ts';
import { buildLimits, ManifestBuilder } from './builder.ts';
import { previewRouter } from './preview.ts';
import { announcePublished, followVersions, ServerRegistry } from './follow.ts';
import { BuiltVersions, publishFiles, readLive, startingBuild, type FilesOptions } from './source.ts';
import { translationsRouter } from './translations.ts';
import { ManifestVersions } from './versions.ts';

/** The manifest of a running server: its versions in the site database, followed as they are published. */
export interface Manifest {
  /** What the server starts with (the live version; on an empty database, the files as version 1). */
  readonly atStart: BuildResult;
  /** How the live site reads, publishes file edits and says what it serves. */
  readonly live: Required<Pick<LiveSiteOptions, 'read' | 'filesChanged' | 'serving'>>;
  /**
   * The manifest API (`/admin/api/manifest...`) and the previews of drafts, for one catalogue's staff
   * tools; a draft's pages read the media as the live site's do (`data`).
   */
  router(auth: StaffAuth, data: Omit<SiteDataDeps, 'catalogue'>, slotBytes?: ImageRefsDeps['slotBytes']): Router;
  /** Follows publishes (NOTIFY, polling) and records what this server serves, once the site runs. */
  follow(site: LiveSite): Promise<void>;
  /** The version served now (0 before the first), for the metrics. */
  served(): { readonly version: number; readonly hash: string };
  close(): Promise<void>;
}

export async function openManifest(deps: {
  readonly database: Database;
  readonly logger: Logger;
  readonly env: NodeJS.ProcessEnv;
  readonly dataDir: string;
  /** This server's name in the editor's status (`serverName`). */
  readonly serverName: string;
}): Promise<Manifest> {
  const { database, logger } = deps;
  const versions = new ManifestVersions(database);
  const registry = new ServerRegistry(database, deps.serverName, logger);
  const site: { current?: LiveSite } = {};
  const serving = (): Catalogue | undefined => site.current?.holder.current?.catalogue;
  const published = async (number: number): Promise<void> => {
    await announcePublished(database, number);
    // Not awaited: a publish from within a reload (files read at start) reloads after it.
    void site.current?.reload(`version ${number} published`);
  };
  // Every build of a manifest (check, preview, publish, reload) runs in the worker, one at a time.
  const builder = new ManifestBuilder(buildLimits(deps.env), logger);
  const built = new BuiltVersions();
  const files: FilesOptions = { versions, dataDir: deps.dataDir, logger, live: serving, published, builder, built };
  // Which version each built catalogue came from, to say what this server serves.
  const versionOf = new WeakMap<Catalogue, { version: number; hash: string }>();
  let served = { version: 0, hash: '' };
  const read = async (): Promise<BuildResult> => {
    const live = await readLive(versions, files);
    if (live?.ok) versionOf.set(live.catalogue, { version: live.version, hash: live.hash });
    return live ?? startingBuild(files);
  };
  const atStart = await startingBuild(files);
  if (atStart.ok) {
    const live = await versions.live();
    if (live) versionOf.set(atStart.catalogue, { version: live.number, hash: live.hash });
  }
  let stop: (() => Promise<void>) | undefined;
  return {
    atStart,
    live: {
      read,
      filesChanged: (reason) =>
        void publishFiles(files, reason).catch((err: unknown) =>
          logger.warn({ err, reason }, 'The manifest files could not be published; the live version keeps serving.'),
        ),
      serving: (catalogue) => {
        served = versionOf.get(catalogue) ?? served;
        built.serving(served.hash, catalogue);
        void registry.serve(served.version, served.hash);
      },
    },
    router: (auth, data, slotBytes) =>
      manifestRouter({ ...deps, versions, registry, serving, published, builder, built, files }, auth, data, slotBytes),
    async follow(running) {
      site.current = running;
      registry.start();
      await registry.serve(served.version, served.hash);
      const following = await followVersions({
        database,
        versions,
        logger,
        onVersion: (n) => void running.reload(`version ${n} published`),
      });
      stop = () => following.close();
    },
    served: () => served,
    async close() {
      await stop?.();
      await registry.stop();
      await builder.close();
    },
  };
}

/** What the manifest's routers work with, made once by `openManifest`. */
interface RouterParts {
  readonly database: Database;
  readonly logger: Logger;
  readonly env: NodeJS.ProcessEnv;
  readonly dataDir: string;
  readonly versions: ManifestVersions;
  readonly registry: ServerRegistry;
  readonly serving: () => Catalogue | undefined;
  readonly published: (number: number) => Promise<void>;
  readonly builder: ManifestBuilder;
  readonly built: BuiltVersions;
  readonly files: FilesOptions;
}

/** The manifest API, the translations API and the previews of drafts, for one catalogue's staff tools. */
function manifestRouter(
  parts: RouterParts,
  auth: StaffAuth,
  data: Omit<SiteDataDeps, 'catalogue'>,
  slotBytes?: ImageRefsDeps['slotBytes'],
): Router {
  const { database, logger, versions, registry, serving: live, published, builder, built, files } = parts;
  const token = tokenCheck(parts.env['MANIFEST_TOKEN']?.trim() || undefined);
  const router = Router();
  // A draft's pages show their images as the live pages do (renditions, LQIPs).
  const images = new ImageRefs({ dataDir: parts.dataDir, slotBytes });
  const render = (draft: Catalogue) =>
    createRenderRouter({ catalogue: draft, data: createSiteData({ ...data, catalogue: draft }), logger, images });
  // Before a publish, the version's pages are rendered as its previews are.
  const renderCheck = (draft: Catalogue) => firstRenderFailure(render(draft), pathsToProbe(draft));
  const api = { auth, versions, registry, live, published, token, builder, built, renderCheck };
  router.use(manifestApiRouter(api));
  router.use(translationsRouter({ auth, token, versions, live, published, files }));
  const author = (req: Request): Promise<string> => draftOwnerOf(auth, req, token);
  const access = manifestAccess(auth, token, 'manifest');
  router.use(previewRouter({ auth, database, render, access, builder, author }));
  return router;
}
