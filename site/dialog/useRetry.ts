import { useState } from 'react';
import type { MediaSource } from '../../engine/shared/keys.ts';
import { useRefresh } from '../components/RefreshButton.tsx';

/**
 * Refresh and Try Again of the dialog: the listing asked for again, or, when the server could not look
 * the source up, the lookup made again (`retryLookup`). Refresh remounts the grid (a new
 * `generation`), so thumbnails that failed are tried again.
 */
export function useRetry(source: MediaSource | null, lookupFailed: boolean, retryLookup?: () => Promise<unknown>) {
  const [generation, setGeneration] = useState(0);
  const refresh = useRefresh(source, () => setGeneration((g) => g + 1));
  const [lookingUp, setLookingUp] = useState(false);
  const retry =
    lookupFailed && retryLookup
      ? () => {
          setLookingUp(true);
          void retryLookup().finally(() => setLookingUp(false));
        }
      : refresh.run;
  return { generation, refreshing: refresh.refreshing || lookingUp, retry };
}
