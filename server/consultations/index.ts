import { Router } from 'express';
import type { Catalogue } from '../../engine/index.ts';
import type { Logger } from '../log.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { requestsAdminRouter } from './admin.ts';
import type { ConsultationConfig } from './config.ts';
import { migrate, openDatabase, type Database } from './db.ts';
import { consultationFormRouter } from './form.ts';
import { Outbox, type OutboxOptions } from './outbox.ts';
import { consultationSettings, type ConsultationSettings } from './settings.ts';
import { RequestStore } from './store.ts';

export { consultationConfig } from './config.ts';

export interface ConsultationsDeps {
  readonly config: ConsultationConfig;
  readonly catalogue: Catalogue;
  readonly auth: StaffAuth;
  readonly logger?: Logger;
  /** Outbox timings (tests make them short). */
  readonly outbox?: Omit<OutboxOptions, 'smtpUrl' | 'logger'>;
  /** Overrides the manifest's page (tests). */
  readonly settings?: ConsultationSettings;
}

export interface Consultations {
  readonly store: RequestStore;
  readonly outbox: Outbox;
  /** For `createApp({ routers })`: the form's POST routes and the staff list. */
  readonly router: Router;
  close(): Promise<void>;
}

/**
 * Opens the database (migrating it), starts the mail outbox and builds the routes; null when the
 * manifest has no consultation page.
 */
export async function createConsultations(deps: ConsultationsDeps): Promise<Consultations | null> {
  const settings = deps.settings ?? consultationSettings(deps.catalogue);
  if (!settings) return null;
  const database: Database = openDatabase(deps.config.database);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const store = new RequestStore(database);
  const outbox = new Outbox(store, settings, { ...deps.outbox, smtpUrl: deps.config.smtpUrl, logger: deps.logger });
  outbox.start();
  const router = Router();
  router.use(
    consultationFormRouter({
      settings,
      store,
      rateLimit: deps.config.rateLimit,
      logger: deps.logger,
      onStored: () => outbox.kick(),
    }),
  );
  router.use(requestsAdminRouter({ auth: deps.auth, store, settings }));
  deps.logger?.info(
    { database: database.kind, mail: deps.config.smtpUrl ? 'smtp' : 'off' },
    'consultation requests ready',
  );
  return {
    store,
    outbox,
    router,
    close: async () => {
      await outbox.stop();
      await database.close();
    },
  };
}
