/**
 * The server's one entry point: `npm start` runs this file with `--prepare`, `npm run dev` with tsx
 * watch; tests and benchmarks run it as is, or call `startServer` in their own process.
 */
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:http';
import type { Catalogue } from '../engine/index.ts';
import { createApp, createThumbCache } from './app.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { createDataCache, createSiteData } from './data/site-data.ts';
import { createLogger, type Logger } from './log.ts';
import { createStore } from './media/create-store.ts';
import { startLiveSite, type LiveSite, type ReloadOutcome } from './live/reload.ts';
import {
  consultationConfig,
  consultationSettings,
  openConsultations,
  type Consultations,
} from './consultations/index.ts';
import { preparedFirst, prepareToServe } from './live/prepare.ts';
import { writeDefaults } from './imaging/slot-defaults.ts';
import { readAtStart, servedBy } from './live/start.ts';
import { databaseTarget, openSiteDatabase } from './db/database.ts';
import { importEarlierFiles } from './db/import-files.ts';
import { serverName } from './manifest/follow.ts';
import { openManifest } from './manifest/index.ts';
import { countsIn } from './db/rate-counts.ts';
import { createStaff, staffEnv } from './staff/index.ts';
import { startOps, watchedStore } from './ops/index.ts';
import { createVideoConversions } from './video/index.ts';
import { LQIP_DIR, TileLqips } from './imaging/lqip.ts';

export interface RunningServer {
  readonly url: string;
  /** Stops accepting connections and resolves when in-flight requests have finished. */
  close(): Promise<void>;
  /** Not ready from now on (/readyz 503, for the load balancer); resolves after DRAIN_SECONDS of serving. */
  drain(): Promise<void>;
  /** Reads the manifest again and swaps it in when valid (also on a file change and on SIGHUP). */
  reload(): Promise<ReloadOutcome>;
}

/**
 * The site database (the manifest's versions, what staff change, consultation requests; shared by
 * every server on it) and the live manifest version in it: on an empty database the files become
 * version 1. An invalid manifest does not stop the start: 503 until there is a valid one (/readyz).
 */
async function openSharedState(config: ServerConfig, env: NodeJS.ProcessEnv, logger: Logger) {
  const database = await openSiteDatabase(databaseTarget(config.databaseUrl, config.dataDir));
  await importEarlierFiles(database, config.dataDir, logger);
  const name = serverName(env['SERVER_NAME'], config.port);
  const manifest = await openManifest({ database, logger, env, dataDir: config.dataDir, serverName: name });
  return { database, manifest, name };
}

/** Builds everything from the configuration and listens. The only place that listens. */
export async function startServer(
  config: ServerConfig = loadConfig(),
  logger: Logger = createLogger(config.logLevel),
  env: NodeJS.ProcessEnv = process.env,
  { prepare = false }: { prepare?: boolean } = {},
) {
  const { database, manifest, name } = await openSharedState(config, env, logger);
  const { catalogue, problems } = readAtStart(manifest.atStart, logger);
  if (prepare && catalogue) await prepareToServe(config, catalogue, logger);
  // Each call of the media store is seen by /readyz and the metrics (server/ops/).
  const { store, calls } = watchedStore(await createStore(config, logger));
  const cache = createDataCache({
    onBackgroundError: (key, err) => logger.warn({ key, err }, 'background revalidation failed; serving stale'),
  });
  const thumbs = createThumbCache(config);
  // The tiles' LQIPs, kept beside the thumbnails; those of earlier runs are read in the background.
  const lqips = new TileLqips(join(config.dataDir, LQIP_DIR));
  void lqips.load();
  // Phone and legacy videos made playable: one queue and disk cache for every catalogue.
  const videos = createVideoConversions({ dataDir: config.dataDir, store, logger }, env);
  // The catalogue being served: the live site's, the first one until it has started.
  const started: { site?: LiveSite } = {};
  const serving = (): Catalogue => servedBy(started.site, catalogue);
  // Consultation requests (database, mail outbox): opened once, by the first catalogue that takes them;
  // each catalogue's routes carry its own settings, and mails go out with those being served.
  let consultations: Consultations | undefined;
  /** Everything that serves one catalogue; built again for each valid manifest reload (server/live/reload.ts). */
  const build = async (catalogue: Catalogue) => {
    // The built-in slot images this catalogue names (a fresh or restored DATA_DIR, a slot just published):
    // written in the background; `/defaults/` answers a neutral picture until each is there.
    void writeDefaults(config.dataDir, catalogue).then(
      (written) => written > 0 && logger.info({ written }, 'built-in slot images written'),
      (err: unknown) => logger.error({ err }, 'built-in slot images could not be written'),
    );
    // Staff tools: sign-in, image manager uploads (they also feed the slot map), folder setup.
    const staff = await createStaff({ config, catalogue, database, store, env: staffEnv(env), logger });
    const dataDeps = { store, cache, slotImages: () => staff.slotImages.read(), videos, lqips };
    const data = createSiteData({ catalogue, ...dataDeps });
    const settings = consultationSettings(catalogue);
    if (settings)
      consultations ??= openConsultations({
        config: consultationConfig(env),
        database,
        settings: () => consultationSettings(serving()),
        logger,
      });
    const routers = [
      staff.router(data),
      manifest.router(staff.auth, dataDeps, staff.slotImages.bytes),
      ...(settings && consultations ? [consultations.router(settings, staff)] : []),
    ];
    const slotBytes = staff.slotImages.bytes;
    const counts = countsIn(database);
    return createApp({ config, catalogue, data, logger, thumbs, videos, routers, counts, slotBytes });
  };
  // npm start with an invalid manifest: the bundles and demo media are made for the first valid one.
  const first = prepare && !catalogue ? preparedFirst(build, (c) => prepareToServe(config, c, logger)) : build;
  const site = await startLiveSite({ catalogue, problems, build: first, logger, ...manifest.live });
  started.site = site;
  await manifest.follow(site);
  const requests = () => consultations?.store;
  const manifestVersion = () => manifest.served().version;
  const self: { origin?: string } = {};
  const origin = () => self.origin;
  const parts = { site, store, calls, database, cache, thumbs, videos, manifestVersion, requests, origin, name };
  const ops = await startOps(env, config.dataDir, logger, parts);

  const server = createServer(ops.front(site.holder.handle)).listen(config.port, config.host ?? '0.0.0.0');
  await new Promise<void>((done, fail) => server.once('listening', done).once('error', fail));
  const { port } = server.address() as AddressInfo;
  self.origin = `http://${ownHost(config.host)}:${port}`;
  const url = `http://localhost:${port}`;
  const says = catalogue ? `Site ready at ${url}` : `Listening at ${url}; 503 until the manifest is valid`;
  logger.info({ url, store: store.kind, dataDir: config.dataDir }, says);

  const close = (): Promise<void> =>
    new Promise<void>((done) => {
      site.close();
      server.close(() => done());
      server.closeIdleConnections();
      // Requests still running after 10 s are cut off so that shutdown always ends.
      setTimeout(() => server.closeAllConnections(), 10_000).unref();
    })
      .then(() => consultations?.close())
      .then(() => manifest.close())
      .then(() => database.close())
      .then(() => ops.close());
  return { url, close, drain: ops.drain, reload: site.reload } satisfies RunningServer;
}

/**
 * SIGTERM: not ready at once, serving for DRAIN_SECONDS (the load balancer moves away meanwhile),
 * then stop listening, let in-flight requests finish, exit 0. SIGINT (Ctrl-C): that last step at once.
 */
export function exitOnSignals(running: RunningServer, logger: Logger): void {
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => {
    logger.info({ signal: 'SIGTERM' }, 'draining: /readyz answers 503, requests are still served');
    void running.drain().then(() => stop('SIGTERM'));
  });
  process.once('SIGINT', () => stop('SIGINT'));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // --prepare (npm start): build the bundles if stale and make the demo media first.
  startServer(config, logger, process.env, { prepare: process.argv.includes('--prepare') }).then(
    (running) => exitOnSignals(running, logger),
    (error: unknown) => {
      logger.fatal({ err: error }, error instanceof Error ? error.message : 'failed to start');
      process.exit(1);
    },
  );
}

/** The address this server reaches itself at: loopback when it listens on every interface. */
function ownHost(host: string | undefined): string {
  if (!host || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
