import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../log.ts';

// Routers mounted on a prefix rewrite req.url; the original is what was asked for.
const urlOf = (req: { url?: string; originalUrl?: string }): string | undefined => req.originalUrl ?? req.url;

/** One log line per request: method, URL, status, time; 5xx as errors, 4xx as warnings. */
export function requestLog(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (req, res, ms) => `${req.method} ${urlOf(req)} ${res.statusCode} ${Math.round(ms)}ms`,
    customErrorMessage: (req, res) => `${req.method} ${urlOf(req)} ${res.statusCode}`,
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
  }) as RequestHandler;
}
