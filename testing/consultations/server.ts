import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from '../../server/app.ts';
import { createDataCache, createSiteData } from '../../server/data/site-data.ts';
import { createLogger } from '../../server/log.ts';
import { LocalStore } from '../../server/media/local.ts';
import { PASSWORD, testCatalogue } from '../staff-harness.ts';
import { createStaff } from '../../server/staff/index.ts';
import { openSiteDatabase, SQLITE_FILE, type Database, type DatabaseTarget } from '../../server/db/database.ts';
import { countsIn } from '../../server/db/rate-counts.ts';
import type { ConsultationConfig } from '../../server/consultations/config.ts';
import { openConsultations, type Consultations } from '../../server/consultations/index.ts';
import { standInDist } from '../error-site.ts';
import { testSettings } from './settings.ts';

/** The message a rendered form shows at `field` (its `<field>-error` element), if any. */
export const messageAt = (html: string, field: string): string | undefined =>
  new RegExp(`id="${field}-error"[^>]*>([^<]*)<`).exec(html)?.[1];

/** Test support: the real app with the staff tools and consultation requests on a loopback port. */
export interface ConsultServer {
  readonly base: string;
  readonly consultations: Consultations;
  /** The site database (where `signInAs` makes its accounts). */
  readonly database: Database;
  close(): Promise<void>;
}

export async function startConsultServer(
  dataDir: string,
  config: Partial<ConsultationConfig> = {},
  target: DatabaseTarget = { file: join(dataDir, SQLITE_FILE) },
): Promise<ConsultServer> {
  const catalogue = testCatalogue();
  const logger = createLogger('silent');
  const store = new LocalStore({ dataDir });
  const database = await openSiteDatabase(target);
  const staff = await createStaff({
    config: { dataDir },
    catalogue,
    database,
    store,
    env: { password: PASSWORD },
    logger,
  });
  const settings = testSettings();
  const consultations = openConsultations({
    config: { rateLimit: 1000, ...config },
    database,
    settings: () => settings,
    logger,
    outbox: { baseMs: 20, maxMs: 200, pollMs: 20 },
  });
  const data = createSiteData({
    catalogue,
    store,
    cache: createDataCache({}),
    slotImages: () => staff.slotImages.read(),
  });
  // Pages rendered by the real server entry (the form's answers are the consultation page itself).
  const distDir = await standInDist(dataDir);
  const app = createApp({
    distDir,
    // Tests name their client addresses in X-Forwarded-For, as a proxy on this machine would.
    config: { dataDir, trustProxy: 'loopback' },
    catalogue,
    data,
    logger,
    routers: [staff.router(data), consultations.router(settings, staff)],
    counts: countsIn(database),
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    consultations,
    database,
    close: async () => {
      await new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
      await consultations.close();
      await database.close();
    },
  };
}
