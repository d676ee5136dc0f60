import type { Operation } from './model.ts';

/** Errors the fake can be told to answer with, shaped as Drive v3 answers them. */
export type FaultKind =
  | 'backendError'
  | 'unavailable'
  | 'rateLimitExceeded'
  | 'userRateLimitExceeded'
  | 'tooManyRequests'
  | 'storageQuotaExceeded'
  | 'notFound'
  | 'insufficientFilePermissions';

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
    case 'notFound':
      return driveError(404, 'notFound', 'File not found: .', 'global', {
        locationType: 'parameter',
        location: 'fileId',
      });
    case 'insufficientFilePermissions':
      return driveError(
        403,
        'insufficientFilePermissions',
        'The user does not have sufficient permissions for this file.',
      );
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
  /** Rate-limit answers (403 rate limits, 429) carry `Retry-After: <seconds>` (null: none, as usual). */
  retryAfterSeconds: number | null = null;
  /** File id -> released when the test says: alt=media of that file waits until then. */
  private readonly held = new Map<string, Promise<void>>();

  /**
   * Downloads (alt=media) of `fileId` wait, sending nothing, until the returned function is called: a
   * slow upstream whose end the test decides (keep it under the client's idle limit of 30 s).
   */
  holdDownloads(fileId: string): () => void {
    let release = (): void => undefined;
    this.held.set(fileId, new Promise<void>((done) => (release = done)));
    return () => {
      this.held.delete(fileId);
      release();
    };
  }

  /** Resolves when downloads of `fileId` may go on. */
  downloadGate(fileId: string): Promise<void> {
    return this.held.get(fileId) ?? Promise.resolve();
  }

  /** A share of all calls (0..1, drawn at random) fails with this kind, outside any outage. */
  private some: { kind: FaultKind; ratio: number } | null = null;

  /** About `ratio` of every call fails with `kind` (null ends it). */
  failSome(kind: FaultKind | null, ratio = 0.5): void {
    this.some = kind ? { kind, ratio } : null;
  }

  /** files.list calls that ask for a later page (with a pageToken) fail with this kind. */
  private laterPages: FaultKind | null = null;

  /** Every files.list call for a second or later page fails with `kind` (null ends it). */
  failLaterPages(kind: FaultKind | null): void {
    this.laterPages = kind;
  }

  /** Calls whose subject (a files.list `q`, a file id) contains this text fail with its kind. */
  private about = new Map<string, FaultKind>();

  /** Every call about `text` (e.g. a folder id: its listing and its metadata) fails with `kind` (null ends it). */
  failAbout(text: string, kind: FaultKind | null): void {
    if (kind) this.about.set(text, kind);
    else this.about.delete(text);
  }

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
    this.laterPages = null;
    this.some = null;
    this.about.clear();
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

  take(op: Operation, params?: URLSearchParams, subject = ''): FaultKind | undefined {
    if (op === 'files.list' && this.laterPages && params?.get('pageToken')) return this.laterPages;
    for (const [text, kind] of this.about) if (subject.includes(text)) return kind;
    const queued = this.pending.get(op)?.shift() ?? this.outage ?? undefined;
    if (queued) return queued;
    return this.some && Math.random() < this.some.ratio ? this.some.kind : undefined;
  }

  /** The headers of an injected failure's answer. */
  headersOf(kind: FaultKind): Record<string, string> {
    const limited = kind === 'rateLimitExceeded' || kind === 'userRateLimitExceeded' || kind === 'tooManyRequests';
    return limited && this.retryAfterSeconds !== null ? { 'retry-after': String(this.retryAfterSeconds) } : {};
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
    this.retryAfterSeconds = null;
  }
}
