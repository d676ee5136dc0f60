import { ConfigError } from '../config.ts';

/** What running the server for real needs: drain, disk floor, metrics port (server/ops/). */
export interface OpsConfig {
  /** `DRAIN_SECONDS`: after SIGTERM, /readyz answers 503 and the server keeps serving this long, then closes. */
  readonly drainSeconds: number;
  /** `DISK_FLOOR_MB`: below this much free space for DATA_DIR's caches, /readyz answers 503 (0: never). */
  readonly diskFloorMb: number;
  /** `METRICS_PORT`: where Prometheus scrapes `GET /metrics`; unset, no metrics at all. */
  readonly metricsPort?: number;
  /** `METRICS_HOST`: the address the metrics port listens on (loopback unless said otherwise). */
  readonly metricsHost: string;
}

export const OPS_DEFAULTS = {
  drainSeconds: 5,
  // Room for a few video conversions and a gallery's worth of thumbnails being written.
  diskFloorMb: 256,
  metricsHost: '127.0.0.1',
} as const;

const blank = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v.trim();

function parseNumber(name: string, raw: string | undefined, fallback: number, what: string, integer: boolean): number {
  const v = blank(raw);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) {
    throw new ConfigError(`${name} must be ${what} (got '${v}'). Unset it to use ${fallback}.`);
  }
  return n;
}

function parseMetricsPort(raw: string | undefined): number | undefined {
  const v = blank(raw);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new ConfigError(`METRICS_PORT must be an integer from 0 to 65535 (got '${v}'). Unset it for no metrics.`);
  }
  return n;
}

/** Environment -> the operations settings. Pure. */
export function opsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const metricsPort = parseMetricsPort(env.METRICS_PORT);
  return {
    drainSeconds: parseNumber(
      'DRAIN_SECONDS',
      env.DRAIN_SECONDS,
      OPS_DEFAULTS.drainSeconds,
      'a number of seconds, 0 or more',
      false,
    ),
    diskFloorMb: parseNumber(
      'DISK_FLOOR_MB',
      env.DISK_FLOOR_MB,
      OPS_DEFAULTS.diskFloorMb,
      'a whole number of megabytes, 0 or more',
      true,
    ),
    ...(metricsPort === undefined ? {} : { metricsPort }),
    metricsHost: blank(env.METRICS_HOST) ?? OPS_DEFAULTS.metricsHost,
  };
}
