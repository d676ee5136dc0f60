import type { MediaStore } from '../media/types.ts';
import { StoreError } from '../media/types.ts';

/** The kind of each media store call (the `kind` label of the metrics): one row per method of the interface. */
export const STORE_CALLS = {
  resolveFolder: 'resolve',
  resolveFolders: 'resolve',
  listFolder: 'list',
  listContents: 'list',
  storage: 'storage',
  getFile: 'file',
  openFile: 'open',
  thumbnailSource: 'thumbnail',
  existingFolders: 'scan',
  createFolder: 'create',
} as const satisfies Record<Exclude<keyof MediaStore, 'kind' | 'upstream'>, string>;

export type StoreCallKind = (typeof STORE_CALLS)[keyof typeof STORE_CALLS];

/** Told of every store call once it settles: its kind, how long it took, and its error if it failed. */
export type StoreCallObserver = (kind: StoreCallKind, seconds: number, error?: unknown) => void;

const kindOf = (prop: string | symbol): StoreCallKind | undefined =>
  typeof prop === 'string' && Object.hasOwn(STORE_CALLS, prop)
    ? STORE_CALLS[prop as keyof typeof STORE_CALLS]
    : undefined;

/**
 * The store, with each call of the interface reported to `observe`; everything else (a Drive store's
 * slot image methods, `kind`, `upstream`) is the store's own, unchanged.
 */
export function observeStore<S extends MediaStore>(store: S, observe: StoreCallObserver): S {
  const wrapped = new Map<string | symbol, unknown>();
  return new Proxy(store, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      let fn = wrapped.get(prop);
      if (fn === undefined) {
        const kind = kindOf(prop);
        const call = value as (...args: unknown[]) => unknown;
        fn = kind ? observed(kind, call.bind(target), observe) : call.bind(target);
        wrapped.set(prop, fn);
      }
      return fn;
    },
  });
}

function observed(kind: StoreCallKind, call: (...args: unknown[]) => unknown, observe: StoreCallObserver) {
  return async (...args: unknown[]): Promise<unknown> => {
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    try {
      const value = await call(...args);
      observe(kind, seconds());
      return value;
    } catch (error) {
      observe(kind, seconds(), error);
      throw error;
    }
  };
}

/** The label of a failure: a store error's code (`not-found`, `upstream`, ...), else `other`. */
export const failureCode = (error: unknown): string => (error instanceof StoreError ? error.code : 'other');

/** Whether a failure says the store could not answer (as opposed to an answer: not found, refused). */
export const isOutage = (error: unknown): boolean =>
  !(error instanceof StoreError) || error.code === 'upstream' || error.code === 'quota';

/**
 * How the store's calls went lately, for /readyz (when one last answered, the last outage), and
 * who else is told of each call (the metrics).
 */
export class StoreCalls {
  lastAnswer = 0;
  /** The last outage, while no call has answered since. */
  lastOutage: { readonly at: number; readonly code: string } | undefined;
  readonly #taps: StoreCallObserver[] = [];

  constructor(private readonly clock: () => number = Date.now) {}

  /** Tells `observer` of every call from now on. */
  tap(observer: StoreCallObserver): void {
    this.#taps.push(observer);
  }

  readonly observe: StoreCallObserver = (kind, seconds, error) => {
    if (error !== undefined && isOutage(error)) this.lastOutage = { at: this.clock(), code: failureCode(error) };
    else {
      this.lastAnswer = this.clock();
      this.lastOutage = undefined;
    }
    for (const tap of this.#taps) tap(kind, seconds, error);
  };
}
