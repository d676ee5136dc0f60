import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { answerError, errorAnswer } from '../errors.ts';
import { CACHE } from '../middleware/cache-control.ts';

export interface MetricsServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A plain HTTP server of its own for Prometheus (`GET /metrics`), apart from the site's port so that
 * visitors never see it: loopback unless `host` says otherwise.
 */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      answerError(res, errorAnswer('NotMetrics'));
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': CACHE.none });
        res.end(text);
      },
      () => answerError(res, errorAnswer('Internal')),
    );
  });
  server.listen(port, host);
  await new Promise<void>((done, fail) => server.once('listening', done).once('error', fail));
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}/metrics`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
