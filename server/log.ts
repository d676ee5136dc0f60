import { pino, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger };

/** Where the log goes: the process's stdout, or a stream a test gives (`isTTY` as a terminal says). */
type Out = NodeJS.WritableStream & { readonly isTTY?: boolean };

/**
 * The server's logger. On a terminal, lines a person reads at a glance ('Site ready at <url>' as a line
 * of its own, the fields below it); anywhere else (a process manager, a container, a pipe) JSON lines,
 * one per event, for log tools. `silent` for tests.
 */
export function createLogger(level = 'info', out: Out = process.stdout): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  if (!out.isTTY) return pino(options, out);
  return pino(options, PinoPretty({ destination: out, colorize: true, translateTime: 'SYS:HH:MM:ss', sync: true }));
}
