import type { IncomingMessage, ServerResponse } from 'node:http';
import { VITALS_PATH } from '../../engine/shared/vitals.ts';
import { answerError, errorAnswer } from '../errors.ts';
import type { SiteHandler } from '../live/catalogue-holder.ts';
import type { SiteMetrics } from './metrics.ts';
import type { Readiness, ReadinessReport } from './readiness.ts';
import { markRoute } from './route-label.ts';

export const HEALTHZ = '/healthz';
export const READYZ = '/readyz';

const sendJson = (res: ServerResponse, body: object): void => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
};

/** 200 with the checks when ready; else 503 `NotReady`, saying why, with the same checks. */
function answerReadiness(res: ServerResponse, report: ReadinessReport): void {
  const { status, why, checks } = report;
  if (why === undefined) return sendJson(res, { status, checks });
  answerError(res, errorAnswer('NotReady', { why }), { body: { json: (error) => ({ status, error, checks }) } });
}

/** A report to the metrics' endpoint; without metrics nothing counts it, so it is not read. */
function takeVitals(metrics: SiteMetrics | undefined, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (metrics) return metrics.vitals.handle(req, res).catch(() => answerError(res, errorAnswer('Internal')));
  res.writeHead(204, { 'Cache-Control': 'no-store' }).end();
  return Promise.resolve();
}

/**
 * In front of the site, before Express and whichever catalogue is served (none yet, too):
 * `/healthz` (the process answers; nothing else is checked) and `/readyz` (whether this server
 * should get traffic, never cached), the request metrics, visitors' Web Vitals reports (`POST
 * VITALS_PATH`: counted with the metrics, else answered 204 and dropped unread), and while draining
 * `Connection: close` on every answer, so that keep-alive clients take their next requests to another server.
 */
export function opsFront(readiness: Readiness, metrics: SiteMetrics | undefined, site: SiteHandler): SiteHandler {
  return (req, res) => {
    metrics?.time(req, res);
    if (readiness.draining) res.setHeader('Connection', 'close');
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (path === VITALS_PATH && req.method === 'POST') {
      markRoute(res, VITALS_PATH);
      return void takeVitals(metrics, req, res);
    }
    if ((path !== HEALTHZ && path !== READYZ) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      site(req, res);
      return;
    }
    markRoute(res, path);
    if (path === HEALTHZ) return sendJson(res, { status: 'ok' });
    readiness.report().then(
      (report) => answerReadiness(res, report),
      () => answerError(res, errorAnswer('Internal')),
    );
  };
}
