import { ConfigError } from '../config.ts';

/** How staff are told and how often one address may ask: from the environment. */
export interface ConsultationConfig {
  readonly smtpUrl?: string;
  /** Requests per client address per hour (`CONSULTATION_RATE_LIMIT`, default 10). */
  readonly rateLimit: number;
}

const blank = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

/** `SMTP_URL`; `CONSULTATION_RATE_LIMIT`. (Requests are kept in the site database, server/db/.) */
export function consultationConfig(env: NodeJS.ProcessEnv): ConsultationConfig {
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
    smtpUrl,
    rateLimit,
  };
}
