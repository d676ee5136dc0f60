import type { Operation } from './model.ts';

/** Errors the fake can be told to answer with, shaped as Drive v3 answers them. */
export type FaultKind =
  | 'backendError'
  | 'unavailable'
  | 'rateLimitExceeded'
  | 'userRateLimitExceeded'
  | 'tooManyRequests'
  | 'storageQuotaExceeded';

export interface DriveErrorBody {
  readonly status: number;
  readonly body: { error: { code: number; message: string; errors: Record<string, string>[]; status?: string } };
}

export const QUOTA_MESSAGE =
  'Service Accounts do not have storage quota. Leverage shared drives (https://developers.google.com/workspace/drive/api/guides/about-shareddrives), or use OAuth delegation (http://support.google.com/a/answer/7281227) instead.';

/** Drive's error envelope. */
export function driveError(
  status: number,
  reason: string,
  message: string,
  domain = 'global',
  extra: Record<string, string> = {},
): DriveErrorBody {
  return { status, body: { error: { code: status, message, errors: [{ message, domain, reason, ...extra }] } } };
}

export function faultBody(kind: FaultKind): DriveErrorBody {
  switch (kind) {
    case 'backendError':
      return driveError(500, 'backendError', 'Internal Error');
    case 'unavailable':
      return driveError(503, 'backendError', 'Service Unavailable');
    case 'rateLimitExceeded':
      return driveError(403, 'rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits');
    case 'userRateLimitExceeded':
      return driveError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded', 'usageLimits');
    case 'tooManyRequests':
      return driveError(429, 'rateLimitExceeded', 'Rate Limit Exceeded', 'usageLimits');
    case 'storageQuotaExceeded':
      return driveError(403, 'storageQuotaExceeded', QUOTA_MESSAGE, 'usageLimits');
  }
}

/** One request the fake received. */
export interface CallRecord {
  readonly op: Operation;
  /** files.list: the `q`; files.get/update: the file id. */
  readonly subject: string;
  /** The query parameters of the request (fields, pageSize, supportsAllDrives, ...). */
  readonly params: URLSearchParams;
  readonly at: number;
  status?: number;
  /** alt=media: body bytes written so far, and whether the client went away before the end. */
  sent?: number;
  closedEarly?: boolean;
}

/**
 * How alt=media bodies are sent: `chunkBytes` every `intervalMs`, and with `stallAfterBytes` the body
 * stops (the connection stays open, nothing more comes) once that many bytes are out.
 */
export interface BodyPace {
  readonly chunkBytes: number;
  readonly intervalMs: number;
  readonly stallAfterBytes?: number;
}

/** Counters, the call log, latency and pending injected failures, per operation. */
export class Faults {
  readonly log: CallRecord[] = [];
  private readonly pending = new Map<Operation, FaultKind[]>();
  private readonly latency = new Map<Operation | '*', number>();
  private outage: FaultKind | null = null;
  /** alt=media bodies go out at this pace (null: at once). */
  bodyPace: BodyPace | null = null;
  /** alt=media answers 200 with the whole file whatever Range asked (as some proxies do). */
  ignoreRange = false;

  /** The next `times` calls of `op` fail with `kind` (queued after failures already pending). */
  failNext(op: Operation, times: number, kind: FaultKind): void {
    const queue = this.pending.get(op) ?? [];
    for (let i = 0; i < times; i++) queue.push(kind);
    this.pending.set(op, queue);
  }

  /** Every call of every operation fails with `kind` until called again with null (an outage). */
  failAll(kind: FaultKind | null): void {
    this.outage = kind;
  }

  /** Drops failures not yet used and ends an outage. */
  clearFailures(): void {
    this.pending.clear();
    this.outage = null;
  }

  /** Every call of `op` (or of any operation, with '*') waits `ms` before it is answered. */
  setLatency(ms: number, op: Operation | '*' = '*'): void {
    this.latency.set(op, ms);
  }

  latencyOf(op: Operation): number {
    return this.latency.get(op) ?? this.latency.get('*') ?? 0;
  }

  record(op: Operation, subject: string, params: URLSearchParams, at: number): CallRecord {
    const call: CallRecord = { op, subject, params, at };
    this.log.push(call);
    return call;
  }

  take(op: Operation): FaultKind | undefined {
    return this.pending.get(op)?.shift() ?? this.outage ?? undefined;
  }

  /** The calls of `op` that arrived, optionally only those whose subject contains `about`. */
  callsOf(op: Operation, about?: string): CallRecord[] {
    return this.log.filter((c) => c.op === op && (about === undefined || c.subject.includes(about)));
  }

  count(op: Operation, about?: string): number {
    return this.callsOf(op, about).length;
  }

  reset(): void {
    this.log.length = 0;
    this.clearFailures();
    this.bodyPace = null;
    this.ignoreRange = false;
  }
}
