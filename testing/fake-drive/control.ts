import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultKind, Faults } from './faults.ts';
import { sendJson } from './http.ts';
import { OPERATIONS, type Operation } from './model.ts';

/** What the control routes steer: the fake Drive server (an interface, so this module does not import it). */
export interface Controllable {
  readonly faults: Faults;
  failNext(...args: Parameters<Faults['failNext']>): void;
  calls(op: Operation): number;
}

const KINDS: readonly FaultKind[] = [
  'backendError',
  'unavailable',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'tooManyRequests',
  'storageQuotaExceeded',
  'notFound',
  'insufficientFilePermissions',
];

/**
 * Steering a running fake from outside (demos, manual trials), not part of Drive's API:
 * `GET /__fake/calls` (count per operation), `POST /__fake/fail?op=files.list&times=3&kind=backendError`,
 * `POST /__fake/outage?kind=backendError` (every call fails until `kind=none`),
 * `POST /__fake/latency?op=files.list&ms=500` (op '*' for all), `POST /__fake/reset`.
 */
export function control(fake: Controllable, req: IncomingMessage, res: ServerResponse, url: URL): void {
  const p = url.searchParams;
  const op = p.get('op') ?? '*';
  const known = (OPERATIONS as readonly string[]).includes(op);
  const action = `${req.method} ${url.pathname}`;
  if (action === 'GET /__fake/calls') {
    return sendJson(res, 200, Object.fromEntries(OPERATIONS.map((o) => [o, fake.calls(o)])));
  }
  if (action === 'POST /__fake/fail' && known && KINDS.includes(p.get('kind') as FaultKind)) {
    fake.failNext(op as Operation, Number(p.get('times') ?? 1), p.get('kind') as FaultKind);
    return sendJson(res, 200, { ok: true });
  }
  if (action === 'POST /__fake/outage') {
    const kind = p.get('kind');
    fake.faults.failAll(KINDS.includes(kind as FaultKind) ? (kind as FaultKind) : null);
    return sendJson(res, 200, { ok: true });
  }
  if (action === 'POST /__fake/latency' && (known || op === '*')) {
    fake.faults.setLatency(Number(p.get('ms') ?? 0), op as Operation | '*');
    return sendJson(res, 200, { ok: true });
  }
  if (action === 'POST /__fake/reset') {
    fake.faults.reset();
    return sendJson(res, 200, { ok: true });
  }
  sendJson(res, 400, {
    error: `Unknown control '${action}'. Operations: ${OPERATIONS.join(', ')}; kinds: ${KINDS.join(', ')}.`,
  });
}
