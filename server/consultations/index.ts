import { Router } from 'express';
import type { Logger } from '../log.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { requestsAdminRouter } from './admin.ts';
import type { ConsultationConfig } from './config.ts';
import { sharedCounts } from './counts.ts';
import { migrate, openDatabase, type Database } from './db.ts';
import { consultationFormRouter } from './form.ts';
import { Outbox, type OutboxOptions } from './outbox.ts';
import type { ConsultationSettings } from './settings.ts';
import { RequestStore } from './store.ts';

export { consultationConfig } from './config.ts';
export { consultationSettings } from './settings.ts';

export interface ConsultationsDeps {
  readonly config: ConsultationConfig;
  /** The settings of the catalogue being served now: the outbox mails with them. */
  readonly settings: () => ConsultationSettings | null;
  readonly logger?: Logger;
  /** Outbox timings (tests make them short). */
  readonly outbox?: Omit<OutboxOptions, 'smtpUrl' | 'logger'>;
}

/** What outlives a manifest reload: the stored requests, the mail outbox, the per-address counts. */
export interface Consultations {
  readonly store: RequestStore;
  readonly outbox: Outbox;
  /**
   * For `createApp({ routers })`: the form's POST routes and the staff list of one catalogue, with
   * its consultation page's settings (built again for each catalogue a reload swaps in).
   */
  router(settings: ConsultationSettings, auth: StaffAuth): Router;
  close(): Promise<void>;
}

/** Opens the database (migrating it) and starts the mail outbox, once for every catalogue served. */
export async function openConsultations(deps: ConsultationsDeps): Promise<Consultations> {
  const database: Database = openDatabase(deps.config.database);
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const store = new RequestStore(database);
  const outbox = new Outbox(store, deps.settings, {
    ...deps.outbox,
    smtpUrl: deps.config.smtpUrl,
    logger: deps.logger,
  });
  outbox.start();
  const counts = sharedCounts();
  deps.logger?.info(
    { database: database.kind, mail: deps.config.smtpUrl ? 'smtp' : 'off' },
    'consultation requests ready',
  );
  return {
    store,
    outbox,
    router(settings, auth) {
      const router = Router();
      router.use(
        consultationFormRouter({
          settings,
          store,
          rateLimit: deps.config.rateLimit,
          counts: counts(),
          logger: deps.logger,
          onStored: () => outbox.kick(),
        }),
      );
      router.use(requestsAdminRouter({ auth, store, settings }));
      return router;
    },
    close: async () => {
      await outbox.stop();
      await database.close();
    },
  };
}
