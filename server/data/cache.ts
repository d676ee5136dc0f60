import { beforeDeadline } from '../resilience/deadline.ts';

/** How long one kind of entry lives. Ages are counted from when the value was loaded. */
export interface CachePolicy {
  /** Served without asking the upstream. */
  readonly freshMs: number;
  /** After `freshMs`, served for this much longer while one background call revalidates it. */
  readonly staleMs: number;
  /** Served when the upstream fails (stale-if-error), up to this age. */
  readonly errorMs: number;
  /** Errors for which `isNegative` holds are remembered this long (e.g. not-found), so they cost one call. */
  readonly negativeMs?: number;
  /** Bound on this kind's entries (its least recently used go first); default the cache's `maxEntries`. */
  readonly maxEntries?: number;
}

export interface CacheOptions {
  readonly policies: Readonly<Record<string, CachePolicy>>;
  /** Milliseconds since some epoch; injectable for tests. */
  readonly clock?: () => number;
  /**
   * Bound on the stored entries of each kind (unless its policy has one); the least recently used of
   * that kind go first, so one kind filling up never pushes out another's entries.
   */
  readonly maxEntries?: number;
  /** Entries never evicted by the bound (e.g. the one map every request needs). */
  readonly pinned?: (kind: string, key: string) => boolean;
  /** Which failures may be answered with a stale value (default: all). */
  readonly serveStaleOn?: (error: unknown) => boolean;
  /** Which failures are remembered for `negativeMs` (default: none). */
  readonly isNegative?: (error: unknown) => boolean;
  /**
   * The time (ms since the epoch, wall clock) after which a caller stops waiting for an upstream
   * call: it gets the stale value if there is one, else a DeadlineError, while the call goes on and
   * its answer is kept for the next caller. Read per call (e.g. the current request's deadline).
   */
  readonly deadline?: () => number | undefined;
  /** A background revalidation failed (the stale value stays). */
  readonly onBackgroundError?: (key: string, error: unknown) => void;
}

type Entry =
  | { ok: true; value: unknown; at: number; invalidated: boolean; refreshed?: boolean }
  | { ok: false; error: unknown; at: number };
interface Flight {
  readonly promise: Promise<unknown>;
  readonly generation: number;
  readonly refresh: boolean;
}

export interface CacheStats {
  hits: number;
  stale: number;
  misses: number;
  loads: number;
  staleOnError: number;
}

/**
 * The one cache above the media stores: per-kind freshness, single flight (concurrent gets of one
 * key share one upstream call), stale-while-revalidate, stale-if-error, explicit refresh, LRU bound.
 */
export class Cache {
  readonly stats: CacheStats = { hits: 0, stale: 0, misses: 0, loads: 0, staleOnError: 0 };
  // One LRU per kind: id (kind NUL key) -> entry, oldest first.
  private readonly kinds = new Map<string, Map<string, Entry>>();
  private readonly flights = new Map<string, Flight>();
  private readonly generations = new Map<string, number>();
  private readonly clock: () => number;
  private readonly maxEntries: number;

  constructor(private readonly options: CacheOptions) {
    this.clock = options.clock ?? Date.now;
    this.maxEntries = options.maxEntries ?? 5000;
  }

  get size(): number {
    let size = 0;
    for (const entries of this.kinds.values()) size += entries.size;
    return size;
  }

  /** The value for `kind`/`key`, loading it with `load` when it is missing or too old. */
  async get<T>(kind: string, key: string, load: () => Promise<T>): Promise<T> {
    const policy = this.policy(kind);
    const id = `${kind}\u0000${key}`;
    const entry = this.entries(kind).get(id);
    const now = this.clock();
    if (entry && !entry.ok) {
      if (now - entry.at < (policy.negativeMs ?? 0)) {
        this.stats.hits++;
        throw entry.error;
      }
    } else if (entry && !entry.invalidated) {
      const age = now - entry.at;
      if (age < policy.freshMs) {
        this.stats.hits++;
        this.touch(kind, id, entry);
        return entry.value as T;
      }
      if (age < policy.freshMs + policy.staleMs) {
        this.stats.stale++;
        this.touch(kind, id, entry);
        this.load(kind, id, policy, load, false).catch((error: unknown) => this.options.onBackgroundError?.(id, error));
        return entry.value as T;
      }
    }
    this.stats.misses++;
    return this.loadOrStale(kind, id, policy, load, false);
  }

  /**
   * Forgets the freshness of one entry and loads it again; concurrent refreshes share that call.
   * The old value still answers if the upstream fails. With `minIntervalMs`, a value that an earlier
   * refresh loaded less than that long ago answers as it is: refreshing again costs no upstream call.
   */
  async refresh<T>(
    kind: string,
    key: string,
    load: () => Promise<T>,
    options: { readonly minIntervalMs?: number } = {},
  ): Promise<T> {
    const policy = this.policy(kind);
    const id = `${kind}\u0000${key}`;
    const entry = this.entries(kind).get(id);
    if (
      options.minIntervalMs !== undefined &&
      entry?.ok &&
      entry.refreshed &&
      !entry.invalidated &&
      this.clock() - entry.at < options.minIntervalMs
    ) {
      this.stats.hits++;
      this.touch(kind, id, entry);
      return entry.value as T;
    }
    const flight = this.flights.get(id);
    if (!(flight?.refresh && flight.generation === this.generation(id))) this.invalidate(kind, key);
    return this.loadOrStale(kind, id, policy, load, true);
  }

  /** Marks one entry as stale: the next get waits for a fresh value (or falls back on error). */
  invalidate(kind: string, key: string): void {
    const id = `${kind}\u0000${key}`;
    const entry = this.entries(kind).get(id);
    if (!entry && !this.flights.has(id)) return;
    this.generations.set(id, this.generation(id) + 1);
    if (entry?.ok) entry.invalidated = true;
    else this.entries(kind).delete(id);
  }

  /** Stores a value loaded elsewhere (e.g. file metadata that came with a folder listing) as fresh. */
  prime<T>(kind: string, key: string, value: T): void {
    this.policy(kind);
    this.store(kind, `${kind}\u0000${key}`, { ok: true, value, at: this.clock(), invalidated: false });
  }

  /**
   * The stored value as it is (fresh or stale, while stale-if-error would still serve it), without
   * loading, revalidating or counting a use: for readers that must never reach the upstream.
   */
  peek<T>(kind: string, key: string): T | undefined {
    const entry = this.entries(kind).get(`${kind}\u0000${key}`);
    if (!entry?.ok || this.clock() - entry.at >= this.policy(kind).errorMs) return undefined;
    return entry.value as T;
  }

  /** Whether a usable value is stored (fresh or not). */
  has(kind: string, key: string): boolean {
    return this.entries(kind).get(`${kind}\u0000${key}`)?.ok === true;
  }

  private async loadOrStale<T>(
    kind: string,
    id: string,
    policy: CachePolicy,
    load: () => Promise<T>,
    refresh: boolean,
  ): Promise<T> {
    try {
      return await beforeDeadline(this.load(kind, id, policy, load, refresh), this.options.deadline?.());
    } catch (error) {
      const entry = this.entries(kind).get(id);
      const canServe = this.options.serveStaleOn?.(error) ?? true;
      if (entry?.ok && canServe && this.clock() - entry.at < policy.errorMs) {
        this.stats.staleOnError++;
        return entry.value as T;
      }
      throw error;
    }
  }

  private load<T>(kind: string, id: string, policy: CachePolicy, load: () => Promise<T>, refresh: boolean): Promise<T> {
    const generation = this.generation(id);
    const flight = this.flights.get(id);
    if (flight && flight.generation === generation) return flight.promise as Promise<T>;
    this.stats.loads++;
    const promise = Promise.resolve()
      .then(load)
      .then(
        (value) => {
          if (this.generation(id) === generation)
            this.store(kind, id, { ok: true, value, at: this.clock(), invalidated: false, refreshed: refresh });
          return value;
        },
        (error: unknown) => {
          if (policy.negativeMs && this.options.isNegative?.(error) && this.generation(id) === generation) {
            this.store(kind, id, { ok: false, error, at: this.clock() });
          }
          throw error;
        },
      )
      .finally(() => {
        if (this.flights.get(id)?.promise === promise) this.flights.delete(id);
      });
    this.flights.set(id, { promise, generation, refresh });
    return promise;
  }

  private store(kind: string, id: string, entry: Entry): void {
    const entries = this.entries(kind);
    entries.delete(id);
    entries.set(id, entry);
    const bound = this.policy(kind).maxEntries ?? this.maxEntries;
    if (entries.size <= bound) return;
    const prefix = kind.length + 1;
    for (const oldest of entries.keys()) {
      if (entries.size <= bound) break;
      if (oldest === id || this.options.pinned?.(kind, oldest.slice(prefix))) continue;
      entries.delete(oldest);
      this.generations.delete(oldest);
    }
  }

  private touch(kind: string, id: string, entry: Entry): void {
    const entries = this.entries(kind);
    entries.delete(id);
    entries.set(id, entry);
  }

  private entries(kind: string): Map<string, Entry> {
    let entries = this.kinds.get(kind);
    if (!entries) this.kinds.set(kind, (entries = new Map()));
    return entries;
  }

  private generation(id: string): number {
    return this.generations.get(id) ?? 0;
  }

  private policy(kind: string): CachePolicy {
    const policy = this.options.policies[kind];
    if (!policy) throw new Error(`No cache policy for kind '${kind}'.`);
    return policy;
  }
}

const MINUTE = 60_000;

/** The policies of the data layer: listings fresh 2 min (the spec's data freshness). */
export const DATA_POLICIES = {
  listing: { freshMs: 2 * MINUTE, staleMs: 10 * MINUTE, errorMs: 24 * 60 * MINUTE, maxEntries: 2000 },
  /** A folder's whole contents (media and other files), from the same upstream call as its listing. */
  contents: { freshMs: 2 * MINUTE, staleMs: 10 * MINUTE, errorMs: 24 * 60 * MINUTE, maxEntries: 2000 },
  folder: {
    freshMs: 10 * MINUTE,
    staleMs: 60 * MINUTE,
    errorMs: 24 * 60 * MINUTE,
    negativeMs: 30_000,
    maxEntries: 2000,
  },
  file: {
    freshMs: 2 * MINUTE,
    staleMs: 10 * MINUTE,
    errorMs: 24 * 60 * MINUTE,
    negativeMs: 30_000,
    maxEntries: 20_000,
  },
} as const satisfies Record<string, CachePolicy>;
