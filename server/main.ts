import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatProblem } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';
import { createApp } from './app.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { createDataCache, createSiteData } from './data.ts';
import { createLogger, type Logger } from './log.ts';
import { createStore } from './media/create-store.ts';
import { createStaff, staffEnv } from './staff/index.ts';

export interface RunningServer {
  readonly url: string;
  /** Stops accepting connections and resolves when in-flight requests have finished. */
  close(): Promise<void>;
}

/** Builds everything from the configuration and listens. The only place that listens. */
export async function startServer(
  config: ServerConfig = loadConfig(),
  logger: Logger = createLogger(config.logLevel),
  env: NodeJS.ProcessEnv = process.env,
) {
  const result = loadCatalogue();
  if (!result.ok) {
    for (const p of result.problems) logger.error(formatProblem(p));
    throw new Error('The manifest is invalid: run `npm run check` for the list of problems.');
  }
  const catalogue = result.catalogue;
  const store = await createStore(config, logger);
  const cache = createDataCache({
    onBackgroundError: (key, err) => logger.warn({ key, err }, 'background revalidation failed; serving stale'),
  });
  // Staff tools: sign-in, image manager uploads (they also feed the slot map), folder setup.
  const staff = await createStaff({ config, catalogue, store, env: staffEnv(env), logger });
  const data = createSiteData({ catalogue, store, cache, previewImages: staff.previewImages });
  const app = createApp({ config, catalogue, data, logger, routers: [staff.router(data)] });

  const server = app.listen(config.port, config.host ?? '0.0.0.0');
  await new Promise<void>((done, fail) => server.once('listening', done).once('error', fail));
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  logger.info({ url, store: store.kind, dataDir: config.dataDir }, `Site ready at ${url}`);

  const close = (): Promise<void> =>
    new Promise((done) => {
      server.close(() => done());
      server.closeIdleConnections();
      // Requests still running after 10 s are cut off so that shutdown always ends.
      setTimeout(() => server.closeAllConnections(), 10_000).unref();
    });
  return { url, close } satisfies RunningServer;
}

/** SIGTERM/SIGINT: stop listening, let in-flight requests finish, exit. */
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
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  startServer(config, logger).then(
    (running) => exitOnSignals(running, logger),
    (error: unknown) => {
      logger.fatal({ err: error }, error instanceof Error ? error.message : 'failed to start');
      process.exit(1);
    },
  );
}
