import { useMemo, useState } from 'react';
import useSWR from 'swr';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { CONVERSION_POLL_MS, keys } from '../../engine/shared/keys.ts';

/**
 * The listing with the videos that became playable while the viewer was open: while the slide shown
 * is a video the server is converting, its state is asked every CONVERSION_POLL_MS; once it is ready
 * the slide turns into the player (no reload). Asking stops when it is ready, or the viewer closes.
 */
export function useConvertedVideos(listed: readonly ApiMediaItem[], shown: ApiMediaItem | undefined) {
  const [ready, setReady] = useState<Readonly<Record<string, ApiMediaItem>>>({});
  const waiting = shown?.converting && !ready[shown.id] ? shown.id : null;
  useSWR<ApiMediaItem>(waiting ? keys.mediaItem(waiting) : null, {
    refreshInterval: CONVERSION_POLL_MS,
    dedupingInterval: 0,
    revalidateOnFocus: false,
    onSuccess: (fresh) => {
      if (!fresh.converting) setReady((known) => ({ ...known, [fresh.id]: fresh }));
    },
  });
  const items = useMemo(() => listed.map((i) => ready[i.id] ?? i), [listed, ready]);
  return items;
}
