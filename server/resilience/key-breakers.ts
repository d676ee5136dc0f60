/** Why a call was not made: its breaker is open (a recent failure, a rate limit, the token endpoint down). */
export class BreakerOpenError extends Error {
  constructor(
    readonly key: string,
    /** How long until a call may be tried again. */
    readonly retryAfterMs: number,
    /** The failure that opened the breaker. */
    override readonly cause: unknown,
  ) {
    super(`Not asked again before the pause after a failure ends (${key}).`);
    this.name = 'BreakerOpenError';
  }
}

export interface KeyBreakerOptions {
  /** Pause after the first failure; doubles with each failure in a row (default 2 s). */
  readonly baseMs?: number;
  /** Longest pause (default 30 s). */
  readonly maxMs?: number;
  readonly clock?: () => number;
  /** Keys remembered at most (the oldest go first); default 10,000. */
  readonly maxKeys?: number;
}

interface State {
  /** Failures in a row. */
  failures: number;
  until: number;
  error: unknown;
  /** The call let through (the one probe): while it runs, the others are refused (or wait, see `enter`). */
  owner: object | undefined;
  /** Resolves when the probe ends (a verdict, or released), for the calls waiting for it. */
  ended?: { readonly promise: Promise<void>; readonly resolve: () => void };
}

/**
 * Remembers failures per key (a folder listing, a file, the token endpoint, a kind of call under a
 * rate limit). After a failure the key is open for a pause: calls fail at once with the remembered
 * failure. When the pause ends, one call is let through as a probe while the others still fail at
 * once; its success closes the key, its failure opens it again for a longer pause. So an outage costs
 * the upstream at most one call per key per pause, and recovery is seen on the next probe.
 */
export class KeyBreakers {
  readonly stats = { opened: 0, refused: 0, probes: 0 };
  private readonly states = new Map<string, State>();
  private readonly clock: () => number;

  constructor(private readonly options: KeyBreakerOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  /**
   * Throws BreakerOpenError when `key` is paused or another call is probing it; otherwise the call
   * (`owner`) may go ahead, and when the key was open it is now the probe (true is returned): its
   * further attempts are let through until it reports `succeeded`, `failed` or `release`.
   */
  admit(key: string, owner: object): boolean {
    const state = this.states.get(key);
    if (!state) return false;
    if (state.owner === owner) return true;
    const now = this.clock();
    if (state.owner !== undefined || now < state.until) {
      this.stats.refused++;
      throw new BreakerOpenError(key, Math.max(0, state.until - now), state.error);
    }
    state.owner = owner;
    this.stats.probes++;
    return true;
  }

  /**
   * Like `admit`, but while another call probes `key` this waits for that probe's end, then asks
   * again: when the probe worked the key is closed and this call goes ahead too.
   */
  async enter(key: string, owner: object): Promise<boolean> {
    for (;;) {
      const state = this.states.get(key);
      if (state?.owner === undefined || state.owner === owner) return this.admit(key, owner);
      if (!state.ended) {
        let resolve = (): void => undefined;
        const promise = new Promise<void>((done) => (resolve = done));
        state.ended = { promise, resolve };
      }
      await state.ended.promise;
    }
  }

  /** The key worked: it is closed (forgotten). */
  succeeded(key: string): void {
    this.states.get(key)?.ended?.resolve();
    this.states.delete(key);
  }

  /**
   * The key failed: it opens for the next pause in its series, or for `pauseMs` when the upstream
   * said how long (Retry-After), whichever is longer. With `owner`, that call keeps the probe (it
   * is about to try again); without, the first call after the pause becomes the probe.
   */
  failed(key: string, error: unknown, options: { readonly pauseMs?: number; readonly owner?: object } = {}): void {
    const state = this.states.get(key);
    const failures = (state?.failures ?? 0) + 1;
    const { baseMs = 2000, maxMs = 30_000 } = this.options;
    const pause = Math.max(Math.min(maxMs, baseMs * 2 ** (failures - 1)), options.pauseMs ?? 0);
    // The waiters of a probe that goes on keep waiting; the others are told it ended.
    const keeps = options.owner !== undefined && state?.owner === options.owner;
    if (!keeps) state?.ended?.resolve();
    this.states.delete(key);
    this.states.set(key, {
      failures,
      until: this.clock() + pause,
      error,
      owner: options.owner,
      ...(keeps && state.ended ? { ended: state.ended } : {}),
    });
    this.stats.opened++;
    const bound = this.options.maxKeys ?? 10_000;
    for (const oldest of this.states.keys()) {
      if (this.states.size <= bound) break;
      this.states.get(oldest)?.ended?.resolve();
      this.states.delete(oldest);
    }
  }

  /** `owner` stops probing `key` without a verdict on it (it gave up, or failed for another reason). */
  release(key: string, owner: object): void {
    const state = this.states.get(key);
    if (state?.owner !== owner) return;
    state.owner = undefined;
    state.ended?.resolve();
    delete state.ended;
  }

  /** Forgets every failure, or those of the keys `which` selects (the upstream is back). */
  clear(which?: (key: string) => boolean): void {
    for (const [key, state] of this.states) {
      if (which && !which(key)) continue;
      state.ended?.resolve();
      this.states.delete(key);
    }
  }

  /** Whether `key` is open now (paused, or a probe is running). */
  isOpen(key: string): boolean {
    const state = this.states.get(key);
    return state !== undefined && (state.owner !== undefined || this.clock() < state.until);
  }

  /** How long until `key` lets a call through (0 when it does now). */
  remainingMs(key: string): number {
    const state = this.states.get(key);
    return state ? Math.max(0, state.until - this.clock()) : 0;
  }
}

/** The pause a Retry-After header asks for (seconds or an HTTP date), in ms; undefined when absent. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
