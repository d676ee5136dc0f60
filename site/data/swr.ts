import type { SWRConfiguration } from 'swr';
import { FRESH_MS } from '../../engine/shared/keys.ts';
import { fetchJson } from './fetcher.ts';

/** The spec's data policy: no retry, fresh 2 min, refetch on focus, no polling. */
export const SWR_OPTIONS: SWRConfiguration = {
  fetcher: fetchJson,
  shouldRetryOnError: false,
  dedupingInterval: FRESH_MS.default,
  revalidateOnFocus: true,
  refreshInterval: 0,
};
