import { Router } from 'express';
import type { Logger } from '../log.ts';
import type { Staff } from '../staff/index.ts';
import { requestsAdminRouter } from './admin.ts';
import type { ConsultationConfig } from './config.ts';
import type { Database } from '../db/database.ts';
import { databaseCounts } from '../db/rate-counts.ts';
import { consultationFormRouter } from './form.ts';
import { Outbox, type OutboxOptions } from './outbox.ts';
import type { ConsultationSettings } from './settings.ts';
import { RequestStore } from './store.ts';

export { consultationConfig } from './config.ts';
export { consultationSettings } from './settings.ts';

export interface ConsultationsDeps {
  readonly config: ConsultationConfig;
  /** The site database (opened and migrated by the server; closed by it too). */
  readonly database: Database;
  /** The settings of the catalogue being served now: the outbox mails with them. */
  readonly settings: () => ConsultationSettings | null;
  readonly logger?: Logger;
  /** Outbox timings (tests make them short). */
  readonly outbox?: Omit<OutboxOptions, 'smtpUrl' | 'logger'>;
}

/** What outlives a manifest reload: the stored requests and the mail outbox (counts are in the database). */
export interface Consultations {
  readonly store: RequestStore;
  readonly outbox: Outbox;
  /**
   * For `createApp({ routers })`: the form's POST routes and the staff list of one catalogue, with
   * its consultation page's settings (built again for each catalogue a reload swaps in).
   */
  router(settings: ConsultationSettings, staff: Pick<Staff, 'auth'>): Router;
  close(): Promise<void>;
}

/** Starts the mail outbox over the site database, once for every catalogue served. */
export function openConsultations(deps: ConsultationsDeps): Consultations {
  const { database } = deps;
  const store = new RequestStore(database);
  const outbox = new Outbox(store, deps.settings, {
    ...deps.outbox,
    smtpUrl: deps.config.smtpUrl,
    logger: deps.logger,
  });
  outbox.start();
  deps.logger?.info(
    { database: database.kind, mail: deps.config.smtpUrl ? 'smtp' : 'off' },
    'consultation requests ready',
  );
  return {
    store,
    outbox,
    router(settings, { auth }) {
      const router = Router();
      router.use(
        consultationFormRouter({
          settings,
          store,
          rateLimit: deps.config.rateLimit,
          counts: databaseCounts(database, 'consultations'),
          logger: deps.logger,
          onStored: () => outbox.kick(),
        }),
      );
      router.use(requestsAdminRouter({ auth, store, settings, database }));
      return router;
    },
    close: () => outbox.stop(),
  };
}
