import { mutate } from 'swr';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { fetchJson } from './fetcher.ts';
import { mediaKey, refreshPath, type MediaSource } from '../../engine/shared/keys.ts';

/**
 * Refresh: the server reloads the listing from the store (and answers it), which becomes the
 * cached listing here. If that call fails the listing is fetched again the ordinary way, so that
 * a failure shows as the gallery's error.
 */
export async function refreshMedia(source: MediaSource): Promise<void> {
  const key = mediaKey(source);
  try {
    const items = await fetchJson<ApiMediaItem[]>(refreshPath(source), { method: 'POST' });
    await mutate(key, items, { revalidate: false });
  } catch {
    await mutate(key);
  }
}
