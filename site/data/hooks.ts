import useSWR, { type SWRConfiguration } from 'swr';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { useData } from '../app/context.ts';
import { FRESH_MS, mediaKey, type MediaSource } from '../../engine/shared/keys.ts';

export interface ApiState<T> {
  readonly data: T | undefined;
  readonly error: Error | undefined;
  readonly isLoading: boolean;
  readonly isValidating: boolean;
  /** Fetches the key again. */
  readonly revalidate: () => Promise<unknown>;
}

/**
 * useSWR over an API key, aware of the server's data (`DataContext`): data the server fetched for the page is not
 * fetched again on mount while fresh, and a fetch that failed on the server shows as an error (the
 * same on the server and during hydration).
 */
export function useApi<T>(
  key: string | null,
  fresh: number = FRESH_MS.default,
  options?: SWRConfiguration,
): ApiState<T> {
  const payload = useData();
  const { receivedAt } = payload;
  const fromServer = key !== null && (key in payload.fallback || payload.errors.includes(key));
  // A listing the server cut to its first screenful is loaded whole once the page is up.
  const cut = key !== null && payload.partial?.[key] !== undefined;
  const skipMountFetch = fromServer && !cut && Date.now() - receivedAt < fresh;
  const res = useSWR<T, Error>(key, {
    dedupingInterval: fresh,
    ...(skipMountFetch ? { revalidateOnMount: false } : {}),
    ...options,
  });
  // The server's failure stands until the browser has an answer of its own (data or its own error), as
  // swr keeps its own error while revalidating: a retry in flight is not a first load, so what was
  // rendered around the failure (a dialog opened from it, its Try Again) stays in place meanwhile.
  const serverError = key !== null && payload.errors.includes(key) && res.data === undefined && res.error === undefined;
  const error = res.error ?? (serverError ? new Error(`${key} failed`) : undefined);
  return {
    data: res.data,
    error,
    isLoading: key !== null && res.data === undefined && error === undefined,
    isValidating: res.isValidating,
    revalidate: () => res.mutate(),
  };
}

/** A gallery's items; `enabled: false` loads nothing (dialogs load when opened). */
export const useMedia = (source: MediaSource | null | undefined, enabled = true): ApiState<ApiMediaItem[]> =>
  useApi<ApiMediaItem[]>(enabled ? mediaKey(source) : null);
