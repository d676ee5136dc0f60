export interface BackoffOptions {
  /** Retries after the first attempt (so at most `retries + 1` calls). */
  readonly retries: number;
  /** Delay before the first retry; doubles each time, with full jitter. */
  readonly baseMs: number;
  /** Upper bound of one delay. */
  readonly maxMs?: number;
  readonly isRetryable: (error: unknown) => boolean;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Random source in [0, 1) for the jitter; injectable for tests. */
  readonly random?: () => number;
  /** The least delay an error asks for (e.g. its Retry-After), in ms. */
  readonly minDelay?: (error: unknown) => number | undefined;
  /** No retry is started whose delay would end after this time (ms since the epoch; `now`'s clock). */
  readonly giveUpAt?: number;
  readonly now?: () => number;
  /** Called before each retry, e.g. to log it. */
  readonly onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * The delay before retry `attempt` (1-based): "equal jitter", half fixed and half random, so that
 * retries are spread out yet never collapse to zero.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Calls `fn` until it succeeds, a non-retryable error is thrown, or the retries are spent. */
export async function withBackoff<T>(fn: (attempt: number) => Promise<T>, options: BackoffOptions): Promise<T> {
  const { retries, baseMs, maxMs = 30_000, isRetryable, sleep: wait = sleep, random = Math.random } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn(attempt);
    } catch (error) {
      if (attempt >= retries || !isRetryable(error)) throw error;
      const delay = Math.max(backoffDelay(attempt + 1, baseMs, maxMs, random), options.minDelay?.(error) ?? 0);
      if (options.giveUpAt !== undefined && (options.now ?? Date.now)() + delay >= options.giveUpAt) throw error;
      options.onRetry?.(error, attempt + 1, delay);
      await wait(delay);
    }
  }
}

/**
 * Whether an error from a Google API call is worth retrying: 429, 5xx, and the 403 quota reasons
 * (rateLimitExceeded, userRateLimitExceeded). Reads the shapes of gaxios errors without importing them.
 */
export function isRetryableDriveError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as {
    status?: number;
    code?: number | string;
    response?: { status?: number; data?: { error?: { errors?: { reason?: string }[] } } };
    errors?: { reason?: string }[];
  };
  const status = e.response?.status ?? e.status ?? (typeof e.code === 'number' ? e.code : undefined);
  if (status === 429 || (status !== undefined && status >= 500 && status <= 599)) return true;
  if (status === 403) {
    const reasons = [...(e.errors ?? []), ...(e.response?.data?.error?.errors ?? [])].map((r) => r.reason);
    return reasons.includes('rateLimitExceeded') || reasons.includes('userRateLimitExceeded');
  }
  // Network failures (reset, refused, timeout) carry a string code and no status.
  return (
    typeof e.code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE'].includes(e.code)
  );
}
