import { Breaker, type BreakerOptions } from '../resilience/breaker.ts';
import { BreakerOpenError, retryAfterMs, type KeyBreakers } from '../resilience/key-breakers.ts';
import { DeadlineError } from '../resilience/deadline.ts';
import { reasonsOf, statusOf } from './drive-errors.ts';
import type { UpstreamState } from './types.ts';

/** Kinds of Drive call: a rate limit on one pauses that kind for every caller. */
export type DriveOp = 'list' | 'get' | 'media' | 'write' | 'thumbnail';
const DRIVE_OPS: readonly DriveOp[] = ['list', 'get', 'media', 'write', 'thumbnail'];

/** The breaker key of the token endpoint (one for the whole client). */
export const TOKEN_KEY = 'token';
const RATE = 'rate ';
export const rateKey = (op: DriveOp): string => `${RATE}${op}`;

/** A 429, or a 403 whose reason is a rate limit. */
export function isRateLimit(error: unknown): boolean {
  const status = statusOf(error);
  if (status === 429) return true;
  const reasons = reasonsOf(error);
  return status === 403 && (reasons.includes('rateLimitExceeded') || reasons.includes('userRateLimitExceeded'));
}

/** A failure of the OAuth token request (google-auth-library's), not of a Drive API call. */
export function isTokenError(error: unknown): boolean {
  const url = (error as { config?: { url?: unknown } } | null)?.config?.url;
  return url !== undefined && url !== null && !/\/drive\/v3\//.test(String(url));
}

/** The Retry-After of a Drive answer, in ms. */
export function retryAfterOf(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: unknown } } | null)?.response?.headers;
  if (!headers) return undefined;
  const value =
    typeof (headers as Headers).get === 'function'
      ? (headers as Headers).get('retry-after')
      : (headers as Record<string, string | undefined>)['retry-after'];
  return retryAfterMs(value ?? undefined);
}

/**
 * Whether a failure says something about the thing asked for, as opposed to Drive being unable to
 * answer: 404, 400, 416 and refusals for lack of storage are answers; everything else (5xx, 429,
 * rate limits, 401, timeouts, network errors) is remembered.
 */
export function isOutage(error: unknown): boolean {
  if (error instanceof DeadlineError) return true;
  const status = statusOf(error);
  if (status === undefined || status >= 500 || status === 429 || status === 401) return true;
  return isRateLimit(error);
}

/**
 * Whether a failure says Drive as a whole cannot answer (it counts towards the server-wide breaker):
 * the token request failed, the connection failed or timed out, or Drive answered 5xx. A 404, a
 * permission refusal or a rate limit is an answer: Drive is up.
 */
export function isDriveDown(error: unknown): boolean {
  if (isTokenError(error)) return true;
  const status = statusOf(error);
  return status === undefined || status >= 500;
}

/**
 * The memory of the Drive client, shared by every request: a breaker per call (a listing, a file),
 * one for the token endpoint, one per kind of call for rate limits (paused for everyone, for at
 * least the Retry-After Drive gave), and one breaker for Drive as a whole. A call that finds its
 * breaker open fails at once; after the pause one call goes through as the probe. So while Drive is
 * down the site answers at once and Drive sees a trickle, and when it is back the next probe closes
 * the breaker. The breaker bounds that trickle whatever the number of keys: when several keys fail
 * in a row it refuses every call for a pause, with one probe per pause; when a probe succeeds it
 * closes and the per-key pauses of the outage are forgotten, so every page heals with it.
 */
export class DriveGuard {
  readonly breaker: Breaker;

  constructor(
    readonly breakers: KeyBreakers,
    breaker: BreakerOptions = {},
  ) {
    this.breaker = new Breaker({
      ...breaker,
      onClose: () => {
        // Rate limits keep the pause Drive asked for.
        this.breakers.clear((key) => !key.startsWith(RATE));
        breaker.onClose?.();
      },
    });
  }

  /** What is known of Drive now (/readyz, metrics): the breaker, kinds of call paused, the token endpoint. */
  upstream(): UpstreamState {
    const paused: string[] = DRIVE_OPS.filter((op) => this.breakers.isOpen(rateKey(op)));
    if (this.breakers.isOpen(TOKEN_KEY)) paused.push(TOKEN_KEY);
    const { stats } = this.breaker;
    return { breaker: this.breaker.phase(), retryInMs: this.breaker.remainingMs(), paused, stats: { ...stats } };
  }

  /** Forgets every failure (tests; an operator who knows Drive is back). */
  clear(): void {
    this.breakers.clear();
    this.breaker.clear();
  }

  /**
   * A whole call (all its attempts) under the breaker of `key`; `probe` tells `fn` that the key failed
   * lately and this is the one call let through (it should try once, not retry).
   */
  async run<T>(key: string, op: DriveOp, fn: (owner: object, probe: boolean) => Promise<T>): Promise<T> {
    const owner = {};
    // While another call of this key probes, wait for its verdict (a listing's parallel calls heal together).
    const keyProbe = await this.breakers.enter(key, owner);
    try {
      const probe = (await this.breaker.admit(owner)) || keyProbe;
      const value = await fn(owner, probe);
      this.breakers.succeeded(key);
      return value;
    } catch (error) {
      if (error instanceof BreakerOpenError) this.breakers.release(key, owner);
      else if (isOutage(error)) this.breakers.failed(key, error);
      else this.breakers.succeeded(key);
      throw error;
    } finally {
      this.breaker.release(owner);
      this.breakers.release(TOKEN_KEY, owner);
      this.breakers.release(rateKey(op), owner);
    }
  }

  /** One attempt of a call: refused while its key, Drive, the token endpoint or this kind of call is paused. */
  async attempt<T>(key: string, op: DriveOp, owner: object, fn: () => Promise<T>): Promise<T> {
    const rate = rateKey(op);
    // Another call of this key (a listing's other half) failed meanwhile: no more tries of this one.
    this.breakers.admit(key, owner);
    this.breaker.check(owner);
    this.breakers.admit(TOKEN_KEY, owner);
    try {
      this.breakers.admit(rate, owner);
    } catch (error) {
      this.breakers.release(TOKEN_KEY, owner);
      throw error;
    }
    try {
      const value = await fn();
      this.breaker.succeeded();
      this.breakers.succeeded(TOKEN_KEY);
      this.breakers.succeeded(rate);
      return value;
    } catch (error) {
      if (isDriveDown(error)) this.breaker.failed(key, error, owner);
      else this.breaker.succeeded();
      if (isTokenError(error)) {
        // No owner: not even this call tries again before the pause ends (one token request per pause).
        this.breakers.failed(TOKEN_KEY, error);
        this.breakers.release(rate, owner);
      } else {
        // Drive answered: a token was had.
        if (statusOf(error) !== undefined) this.breakers.succeeded(TOKEN_KEY);
        if (isRateLimit(error)) this.breakers.failed(rate, error, { pauseMs: retryAfterOf(error) ?? 0, owner });
        else this.breakers.release(rate, owner);
      }
      throw error;
    }
  }
}
