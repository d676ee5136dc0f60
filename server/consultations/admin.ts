import express, { Router, type Request } from 'express';
import { sendError } from '../errors.ts';
import type { StaffAuth } from '../staff/auth.ts';
import { writeAudit } from '../staff/audit.ts';
import { sameOriginOnly, STAFF_REFERRER_POLICY } from '../staff/origin.ts';
import { requestsPageHtml, REQUESTS_PATH } from './admin-html.ts';
import { requestsCsv } from './csv.ts';
import { REQUEST_STATUSES, type Database, type RequestStatus } from '../db/database.ts';
import type { ConsultationSettings } from './settings.ts';
import type { RequestStore } from './store.ts';
import { CACHE } from '../middleware/cache-control.ts';

const statusOf = (v: unknown): RequestStatus | undefined => REQUEST_STATUSES.find((s) => s === v);

/** The list the staff came from (keeping its filter), never another page. */
export function backToList(referer: string | undefined): string {
  if (!referer || !URL.canParse(referer)) return REQUESTS_PATH;
  const url = new URL(referer);
  return url.pathname === REQUESTS_PATH ? `${url.pathname}${url.search}` : REQUESTS_PATH;
}

/**
 * Staff only: `GET /admin/requests` (newest first, `?status=` filters), `GET /admin/requests.csv`,
 * `POST /admin/requests/:id/status` (form or JSON `{status}`). Works without JavaScript.
 */
export function requestsAdminRouter(options: {
  auth: StaffAuth;
  store: RequestStore;
  settings: ConsultationSettings;
  database: Database;
}): Router {
  const { auth, store, settings, database } = options;
  const router = Router();

  // Reading the customers' names, phones and addresses is recorded as a change would be.
  const audited = async (req: Request, action: string, status: RequestStatus | undefined): Promise<void> =>
    writeAudit(database.db, await auth.actorOf(req), {
      action,
      object: `requests${status ? `?status=${status}` : ''}`,
    });

  router.get(REQUESTS_PATH, auth.page('requests'), async (req, res) => {
    const status = statusOf(req.query['status']);
    const rows = await store.list({ status });
    await audited(req, 'requests.read', status);
    res.setHeader('Cache-Control', CACHE.none).setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    res.type('html').send(requestsPageHtml(settings, await auth.frameOf(req), rows, status));
  });

  router.get(`${REQUESTS_PATH}.csv`, auth.page('requests'), async (req, res) => {
    const status = statusOf(req.query['status']);
    const rows = await store.list({ status });
    await audited(req, 'requests.export', status);
    res.setHeader('Cache-Control', CACHE.none);
    res.setHeader('Content-Disposition', 'attachment; filename="consultation-requests.csv"');
    res.type('text/csv; charset=utf-8').send(`\ufeff${requestsCsv(rows)}`);
  });

  router.post(
    `${REQUESTS_PATH}/:id/status`,
    sameOriginOnly,
    auth.api('requests'),
    express.urlencoded({ extended: false, limit: '1kb' }),
    express.json({ limit: '1kb' }),
    async (req, res) => {
      const status = statusOf((req.body as { status?: unknown } | undefined)?.status);
      const id = String(req.params['id']);
      if (!status) {
        sendError(res, 'InvalidRequestStatus', { statuses: REQUEST_STATUSES.join(', ') });
        return;
      }
      if (!(await store.setStatus(id, status, await auth.actorOf(req)))) {
        sendError(res, 'NoRequest');
        return;
      }
      if (req.is('application/x-www-form-urlencoded')) res.redirect(303, backToList(req.get('referer')));
      else res.status(204).end();
    },
  );
  return router;
}
