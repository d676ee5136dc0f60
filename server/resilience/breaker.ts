import { BreakerOpenError } from './key-breakers.ts';

export interface BreakerOptions {
  /** Distinct keys that must fail in a row (no success between) to open the breaker (default 5). */
  readonly threshold?: number;
  /** Failures older than this no longer count towards the threshold (default 10 s). */
  readonly windowMs?: number;
  /** Pause after opening; doubles with each failed probe (default 2 s). */
  readonly baseMs?: number;
  /** Longest pause (default 30 s). */
  readonly maxMs?: number;
  readonly clock?: () => number;
  /** Called when the breaker opens after having been closed, with the failure that opened it. */
  readonly onOpen?: (error: unknown) => void;
  /** Called when the breaker closes after having been open (the upstream is back). */
  readonly onClose?: () => void;
}

/** The breaker's key in BreakerOpenError (and so in logs). */
export const BREAKER_KEY = 'drive';

type State =
  | { readonly name: 'closed' }
  | {
      readonly name: 'open';
      /** Failed probes in a row (the pause doubles with each). */
      readonly probes: number;
      readonly until: number;
      readonly error: unknown;
      /** The call let through after the pause, and the wait of the others for its verdict. */
      probe?: { readonly owner: object; readonly settled: Promise<void>; readonly settle: () => void };
    };

/**
 * One breaker for a whole upstream (Drive as a whole, across every folder and file). Per-key
 * breakers bound what each key costs; this bounds what an outage costs however many keys are asked:
 * when `threshold` distinct keys fail in a row within `windowMs` (any answer of the upstream in
 * between starts the count again), every call is refused at once for a pause. When the pause ends,
 * the first call is the probe (one attempt) and the calls that come while it runs wait for its
 * verdict: its success closes the breaker and lets them through, its failure opens it again for a
 * longer pause and refuses them. So while the upstream is down it sees one call per pause, and when
 * it is back everyone recovers with the probe.
 */
export class Breaker {
  readonly stats = { opened: 0, refused: 0, probes: 0 };
  private state: State = { name: 'closed' };
  /** Keys that failed since the last answer, with when. */
  private readonly streak = new Map<string, number>();
  private readonly clock: () => number;

  constructor(private readonly options: BreakerOptions = {}) {
    this.clock = options.clock ?? Date.now;
  }

  /** Closed; open (calls refused until the pause ends); half-open (the pause is over: one probe decides). */
  phase(): 'closed' | 'open' | 'half-open' {
    if (this.state.name === 'closed') return 'closed';
    return this.remainingMs() > 0 ? 'open' : 'half-open';
  }

  /** Whether calls are refused now (paused, or a probe is running). */
  isOpen(): boolean {
    return this.state.name === 'open';
  }

  /** How long until the breaker lets a probe through (0 when closed or the pause is over). */
  remainingMs(): number {
    return this.state.name === 'open' ? Math.max(0, this.state.until - this.clock()) : 0;
  }

  /**
   * Before a call: resolves to true when `owner` is the probe (it should try once), false when the
   * breaker is closed; throws BreakerOpenError while paused, or when the probe it waited for failed.
   */
  async admit(owner: object): Promise<boolean> {
    for (;;) {
      const state = this.state;
      if (state.name === 'closed') return false;
      if (state.probe?.owner === owner) return true;
      if (state.probe) {
        await state.probe.settled;
        continue;
      }
      this.refuseWhilePaused(state);
      let settle = (): void => undefined;
      const settled = new Promise<void>((done) => (settle = done));
      state.probe = { owner, settled, settle };
      this.stats.probes++;
      return true;
    }
  }

  /** Before each attempt of a call already admitted: throws BreakerOpenError unless closed or `owner` probes. */
  check(owner: object): void {
    const state = this.state;
    if (state.name === 'closed' || state.probe?.owner === owner) return;
    this.stats.refused++;
    throw new BreakerOpenError(BREAKER_KEY, Math.max(0, state.until - this.clock()), state.error);
  }

  /** The upstream answered (a success, or an answer about the thing asked such as a 404): it is up. */
  succeeded(): void {
    this.streak.clear();
    const state = this.state;
    if (state.name === 'closed') return;
    this.state = { name: 'closed' };
    state.probe?.settle();
    this.options.onClose?.();
  }

  /** A call of `key` failed in a way that says the upstream is down (transport, 5xx, timeout, token). */
  failed(key: string, error: unknown, owner: object): void {
    const state = this.state;
    const now = this.clock();
    if (state.name === 'open') {
      // Only the probe's failure counts now (calls started before the breaker opened may still end).
      if (state.probe?.owner === owner) this.open(state.probes + 1, error, state.probe.settle);
      return;
    }
    const { threshold = 5, windowMs = 10_000 } = this.options;
    this.streak.delete(key);
    this.streak.set(key, now);
    for (const [k, at] of this.streak) {
      if (now - at < windowMs) break;
      this.streak.delete(k);
    }
    if (this.streak.size >= threshold) this.open(0, error);
  }

  /** `owner` stops without a verdict (refused elsewhere, or gave up): the next call may probe. */
  release(owner: object): void {
    const state = this.state;
    if (state.name !== 'open' || state.probe?.owner !== owner) return;
    const { settle } = state.probe;
    delete state.probe;
    settle();
  }

  /** Forgets everything (tests; an operator who knows the upstream is back). */
  clear(): void {
    this.streak.clear();
    const state = this.state;
    this.state = { name: 'closed' };
    if (state.name === 'open') state.probe?.settle();
  }

  private open(probes: number, error: unknown, settleProbe?: () => void): void {
    const { baseMs = 2000, maxMs = 30_000 } = this.options;
    const pause = Math.min(maxMs, baseMs * 2 ** probes);
    this.streak.clear();
    this.state = { name: 'open', probes, until: this.clock() + pause, error };
    settleProbe?.();
    if (probes > 0) return;
    this.stats.opened++;
    this.options.onOpen?.(error);
  }

  private refuseWhilePaused(state: Extract<State, { name: 'open' }>): void {
    const left = state.until - this.clock();
    if (left <= 0) return;
    this.stats.refused++;
    throw new BreakerOpenError(BREAKER_KEY, left, state.error);
  }
}
