import { join } from 'node:path';
import { ConfigError } from '../config.ts';
import type { DatabaseTarget } from './db.ts';

/** Where requests are kept and how staff are told: from the environment. */
export interface ConsultationConfig {
  readonly database: DatabaseTarget;
  readonly smtpUrl?: string;
  /** Requests per client address per hour (`CONSULTATION_RATE_LIMIT`, default 10). */
  readonly rateLimit: number;
}

const blank = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

/** `DATABASE_URL` (postgres://...) or SQLite at `<DATA_DIR>/consultations.sqlite`; `SMTP_URL`; `CONSULTATION_RATE_LIMIT`. */
export function consultationConfig(env: NodeJS.ProcessEnv, dataDir: string): ConsultationConfig {
  const url = blank(env['DATABASE_URL']);
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL URL, postgres://user:password@host:5432/database (got a value starting '${url.slice(0, 12)}'). Unset it to use SQLite in DATA_DIR.`,
    );
  }
  const smtpUrl = blank(env['SMTP_URL']);
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError(
      `SMTP_URL must be smtp://user:password@host:port or smtps://... (got '${smtpUrl.slice(0, 8)}...').`,
    );
  }
  const rawLimit = blank(env['CONSULTATION_RATE_LIMIT']);
  const rateLimit = rawLimit === undefined ? 10 : Number(rawLimit);
  if (!Number.isInteger(rateLimit) || rateLimit < 1) {
    throw new ConfigError(
      `CONSULTATION_RATE_LIMIT must be a whole number of requests per hour, at least 1 (got '${rawLimit}').`,
    );
  }
  return {
    database: url !== undefined ? { url } : { file: join(dataDir, 'consultations.sqlite') },
    smtpUrl,
    rateLimit,
  };
}
