import { pino, type Logger } from 'pino';

export type { Logger };

/** The server's logger: JSON lines on stdout. `silent` for tests. */
export function createLogger(level = 'info'): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}
