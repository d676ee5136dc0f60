import { resolve } from 'node:path';

/** What the Drive adapter needs; parsed here, used by `server/media/drive*.ts`. */
export interface DriveConfig {
  /** Path of a service-account key file (`GOOGLE_APPLICATION_CREDENTIALS`). */
  readonly credentialsFile?: string;
  /** A service-account key as JSON text (`GOOGLE_CREDENTIALS_JSON`). */
  readonly credentialsJson?: string;
  readonly rootFolderId?: string;
  /** Drive API root (`DRIVE_API_ROOT_URL`); absent means Google's. */
  readonly apiRootUrl?: string;
  /** OAuth token endpoint (`DRIVE_TOKEN_URL`); absent means Google's. */
  readonly tokenUrl?: string;
}

/** The resolved server configuration. */
export interface ServerConfig {
  readonly port: number;
  readonly host?: string;
  readonly mediaStore: 'local' | 'drive';
  /** Absolute data directory: media/, defaults/, cache/, slots.json. */
  readonly dataDir: string;
  readonly drive: DriveConfig;
  readonly logLevel: string;
  /**
   * Express's `trust proxy` (`TRUST_PROXY`): which proxies' X-Forwarded-For is believed for the
   * client address (rate limits, logs). `true`/`false`, a hop count, or names/addresses/CIDRs. Default
   * none: a client that may name any address in X-Forwarded-For escapes every per-address limit.
   */
  readonly trustProxy: boolean | number | string;
  /** `THUMB_CACHE_MB`: resized thumbnails kept on disk; the least recently used go past it. */
  readonly thumbCacheMb: number;
  /** `DATABASE_URL` (PostgreSQL, shared by several servers); unset: SQLite in DATA_DIR (server/db/). */
  readonly databaseUrl?: string;
  /**
   * `WEB_VITALS_SAMPLE_RATE`: the share of visitors' page views (0 to 1) that report their Web Vitals
   * (server/ops/vitals.ts); by default all of them when METRICS_PORT is set (where they are counted), else none.
   */
  readonly webVitalsSampleRate: number;
}

export const DEFAULTS = {
  port: 3000,
  dataDir: './data',
  mediaStore: 'local',
  logLevel: 'info',
  trustProxy: false,
  thumbCacheMb: 2048,
} as const;

/**
 * The server cannot start as configured: a bad environment variable (the message names it and what
 * it accepts), Drive credentials that do not work, a consultation page missing a text it needs. Never
 * an HTTP answer: the server refuses to start and says why.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const blank = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

function parsePort(raw: string | undefined): number {
  const v = blank(raw);
  if (v === undefined) return DEFAULTS.port;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new ConfigError(`PORT must be an integer from 0 to 65535 (got '${v}'). Unset it to use ${DEFAULTS.port}.`);
  }
  return n;
}

function parseStore(raw: string | undefined): 'local' | 'drive' {
  const v = blank(raw)?.toLowerCase() ?? DEFAULTS.mediaStore;
  if (v !== 'local' && v !== 'drive') {
    throw new ConfigError(`MEDIA_STORE must be 'local' or 'drive' (got '${v}').`);
  }
  return v;
}

function parseUrl(name: string, raw: string | undefined): string | undefined {
  const v = blank(raw);
  if (v === undefined) return undefined;
  if (!URL.canParse(v)) throw new ConfigError(`${name} must be an absolute URL (got '${v}').`);
  return v;
}

function parseMegabytes(name: string, raw: string | undefined, fallback: number): number {
  const v = blank(raw);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) {
    throw new ConfigError(
      `${name} must be a whole number of megabytes, at least 1 (got '${v}'). Unset it to use ${fallback}.`,
    );
  }
  return n;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const PROXY_ADDRESS = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

function parseTrustProxy(raw: string | undefined): boolean | number | string {
  const v = blank(raw);
  if (v === undefined) return DEFAULTS.trustProxy;
  const lower = v.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  if (/^\d+$/.test(v)) return Number(v);
  const parts = v.split(',').map((p) => p.trim());
  if (parts.every((p) => PROXY_NAMES.has(p.toLowerCase()) || PROXY_ADDRESS.test(p))) return parts.join(',');
  throw new ConfigError(
    `TRUST_PROXY must be true, false, a hop count, or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDRs (got '${v}').`,
  );
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  const url = blank(raw);
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError(
      `DATABASE_URL must be a PostgreSQL URL, postgres://user:password@host:5432/database (got a value starting '${url.slice(0, 12)}'). Unset it to use SQLite in DATA_DIR.`,
    );
  }
  return url;
}

function parseSampleRate(env: NodeJS.ProcessEnv): number {
  const raw = blank(env.WEB_VITALS_SAMPLE_RATE);
  if (raw === undefined) return blank(env.METRICS_PORT) === undefined ? 0 : 1;
  const rate = Number(raw);
  if (!/^\d*\.?\d+$/.test(raw) || rate > 1) {
    throw new ConfigError(
      `WEB_VITALS_SAMPLE_RATE must be a share from 0 to 1, such as 0.25 for one page view in four (got '${raw}').`,
    );
  }
  return rate;
}

/** Environment -> configuration. Pure apart from resolving DATA_DIR against `cwd`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const drive: DriveConfig = {
    credentialsFile: blank(env.GOOGLE_APPLICATION_CREDENTIALS),
    credentialsJson: blank(env.GOOGLE_CREDENTIALS_JSON),
    rootFolderId: blank(env.DRIVE_ROOT_FOLDER_ID),
    apiRootUrl: parseUrl('DRIVE_API_ROOT_URL', env.DRIVE_API_ROOT_URL),
    tokenUrl: parseUrl('DRIVE_TOKEN_URL', env.DRIVE_TOKEN_URL),
  };
  return {
    port: parsePort(env.PORT),
    host: blank(env.HOST),
    mediaStore: parseStore(env.MEDIA_STORE),
    dataDir: resolve(cwd, blank(env.DATA_DIR) ?? DEFAULTS.dataDir),
    drive,
    logLevel: blank(env.LOG_LEVEL) ?? DEFAULTS.logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    thumbCacheMb: parseMegabytes('THUMB_CACHE_MB', env.THUMB_CACHE_MB, DEFAULTS.thumbCacheMb),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    webVitalsSampleRate: parseSampleRate(env),
  };
}
