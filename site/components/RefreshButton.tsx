import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useUi } from '../app/context.ts';
import type { MediaSource } from '../../engine/shared/keys.ts';
import { refreshMedia } from '../data/refresh.ts';
import { keyframes, styled } from '../styles/stitches.ts';
import { Button } from './ui.tsx';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const Outline = styled(Button, {
  '&[aria-busy="true"] svg': { '@motion': { animation: `${spin} 0.9s linear infinite` } },
});

/**
 * Refresh (or Try Again) of a listing: asks the server again (a POST), then calls `onDone` (the
 * caller remounts its grid, so remembered thumbnail failures are retried). Disabled and busy (its
 * icon turning) from the click until the listing is back.
 */
export function useRefresh(source: MediaSource | null, onDone: () => void): { refreshing: boolean; run: () => void } {
  const [refreshing, setRefreshing] = useState(false);
  const run = () => {
    if (!source || refreshing) return;
    setRefreshing(true);
    void refreshMedia(source)
      .then(onDone)
      .finally(() => setRefreshing(false));
  };
  return { refreshing, run };
}

interface Props {
  readonly refreshing: boolean;
  readonly disabled?: boolean;
  readonly onClick: () => void;
  readonly 'data-testid'?: string;
}

/** The outline Refresh button with its turning icon while busy. */
export function RefreshButton({ refreshing, disabled = false, onClick, ...rest }: Props) {
  const ui = useUi();
  return (
    <Outline
      type="button"
      variant="outline"
      onClick={onClick}
      disabled={refreshing || disabled}
      aria-busy={refreshing}
      {...rest}
    >
      <RefreshCw size={16} aria-hidden="true" />
      {ui['refresh']}
    </Outline>
  );
}
