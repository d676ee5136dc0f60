import express, { Router } from 'express';
import { sendError } from '../errors.ts';
import type { StaffAuth } from '../staff/auth.ts';
import type { StaffFrame } from '../staff/html.ts';
import { sameOriginOnly, STAFF_REFERRER_POLICY } from '../staff/origin.ts';
import { requestsPageHtml, REQUESTS_PATH } from './admin-html.ts';
import { requestsCsv } from './csv.ts';
import { REQUEST_STATUSES, type RequestStatus } from '../db/database.ts';
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
  frame: StaffFrame;
}): Router {
  const { auth, store, settings, frame } = options;
  const router = Router();

  router.get(REQUESTS_PATH, auth.requirePage, async (req, res) => {
    const status = statusOf(req.query['status']);
    const rows = await store.list({ status });
    res.setHeader('Cache-Control', CACHE.none).setHeader('Referrer-Policy', STAFF_REFERRER_POLICY);
    res.type('html').send(requestsPageHtml(settings, frame, rows, status));
  });

  router.get(`${REQUESTS_PATH}.csv`, auth.requirePage, async (req, res) => {
    const rows = await store.list({ status: statusOf(req.query['status']) });
    res.setHeader('Cache-Control', CACHE.none);
    res.setHeader('Content-Disposition', 'attachment; filename="consultation-requests.csv"');
    res.type('text/csv; charset=utf-8').send(`\ufeff${requestsCsv(rows)}`);
  });

  router.post(
    `${REQUESTS_PATH}/:id/status`,
    sameOriginOnly,
    auth.requireApi,
    express.urlencoded({ extended: false, limit: '1kb' }),
    express.json({ limit: '1kb' }),
    async (req, res) => {
      const status = statusOf((req.body as { status?: unknown } | undefined)?.status);
      const id = String(req.params['id']);
      if (!status) {
        sendError(res, 'InvalidRequestStatus', { statuses: REQUEST_STATUSES.join(', ') });
        return;
      }
      if (!(await store.setStatus(id, status))) {
        sendError(res, 'NoRequest');
        return;
      }
      if (req.is('application/x-www-form-urlencoded')) res.redirect(303, backToList(req.get('referer')));
      else res.status(204).end();
    },
  );
  return router;
}
