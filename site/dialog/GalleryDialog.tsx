import { Play, X } from 'lucide-react';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type SyntheticEvent,
} from 'react';
import { useUi } from '../app/context.ts';
import { useMedia } from '../data/hooks.ts';
import type { MediaSource } from '../../engine/shared/keys.ts';
import { trapTab } from '../lib/focus.ts';
import { SIZES } from '../../engine/shared/images.ts';
import { isVideo, squareSize, squareSrcSet, tileSources } from '../../engine/shared/media.ts';
import { keyframes, styled } from '../styles/stitches.ts';
import { RefreshButton, useRefresh } from '../components/RefreshButton.tsx';
import { Thumb } from '../components/Thumb.tsx';
import { IconButton } from '../components/controls.tsx';
import { Button, StatusBox, TileList } from '../components/ui.tsx';

const MediaViewer = lazy(() => import('../viewer/MediaViewer.tsx'));

const pulse = keyframes({ '50%': { opacity: 0.55 } });

const Panel = styled('dialog', {
  width: 'min(1000px, calc(100vw - 24px))',
  maxHeight: 'calc(100vh - 48px)',
  padding: 0,
  border: 'none',
  borderRadius: '$lg',
  boxShadow: '$raised',
  '&::backdrop': { backgroundColor: '$overlay' },
  '&[open]': { display: 'flex', flexDirection: 'column' },
});

const Head = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$4 $5',
  borderBottom: '1px solid $border',
  '& h2': { flex: 1, margin: 0, fontSize: '1.35rem' },
});

const Body = styled('div', { overflowY: 'auto', padding: '$5' });

const Tile = styled('button', {
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '1 / 1',
  padding: 0,
  border: 'none',
  borderRadius: '$sm',
  overflow: 'hidden',
  backgroundColor: '$surface2',
  cursor: 'pointer',
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
  '& .play': {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#fff',
    filter: 'drop-shadow(0 1px 3px rgba(0,0,0,0.6))',
  },
});

const Skeleton = styled('li', {
  aspectRatio: '1 / 1',
  borderRadius: '$sm',
  backgroundColor: '$surface2',
  '@motion': { animation: `${pulse} 1.4s ease-in-out infinite` },
});

interface Props {
  readonly title: string;
  readonly source: MediaSource | null;
  /** No source because looking it up failed (the store was down): the error text, not "empty". */
  readonly lookupFailed?: boolean;
  /** Try Again while `lookupFailed`: looks the source up again. */
  readonly retryLookup?: () => Promise<unknown>;
  readonly onClose: () => void;
}

/**
 * The reusable gallery dialog: title, Refresh, a 2/3/4-column thumbnail grid with 8 placeholders
 * while loading, 'Try Again' when empty or failing. Tiles open the viewer above the dialog.
 */
export default function GalleryDialog({ title, source, lookupFailed = false, retryLookup, onClose }: Props) {
  const ui = useUi();
  const ref = useRef<HTMLDialogElement>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const viewerOpen = useRef(false);
  const { data, error, isLoading, isValidating } = useMedia(source);
  const items = data ?? [];

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Refresh remounts the grid (a new generation), so thumbnails that failed are tried again.
  const [generation, setGeneration] = useState(0);
  const refresh = useRefresh(source, () => setGeneration((g) => g + 1));
  const [lookingUp, setLookingUp] = useState(false);
  const failed = error !== undefined || lookupFailed;
  const refreshing = refresh.refreshing || lookingUp;
  const retry =
    lookupFailed && retryLookup
      ? () => {
          setLookingUp(true);
          void retryLookup().finally(() => setLookingUp(false));
        }
      : refresh.run;

  return (
    <Panel
      ref={ref}
      aria-labelledby="gallery-dialog-title"
      data-testid="gallery-dialog"
      onClose={onClose}
      onCancel={(e: SyntheticEvent<HTMLDialogElement>) => {
        // Esc belongs to the viewer while it is open.
        if (viewerOpen.current) e.preventDefault();
      }}
      onKeyDown={(e: KeyboardEvent<HTMLDialogElement>) => {
        if (!viewerOpen.current) trapTab(e, ref.current);
      }}
      onClick={(e: MouseEvent<HTMLDialogElement>) => {
        if (e.target === ref.current) ref.current?.close();
      }}
    >
      <Head>
        <h2 id="gallery-dialog-title">{title}</h2>
        {items.length > 0 && <RefreshButton refreshing={refreshing} disabled={isValidating} onClick={retry} />}
        <IconButton type="button" aria-label={ui['close']} onClick={() => ref.current?.close()}>
          <X size={20} aria-hidden="true" />
        </IconButton>
      </Head>
      <Body>
        {isLoading ? (
          <TileList aria-busy="true" aria-label={ui['dialogLoading']}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} />
            ))}
          </TileList>
        ) : failed || !source || items.length === 0 ? (
          <StatusBox role={failed ? 'alert' : 'status'} data-testid={failed ? 'dialog-error' : 'dialog-empty'}>
            <h3>{failed ? ui['dialogError'] : ui['dialogEmptyTitle']}</h3>
            {!failed && <p>{ui['dialogEmptyBody']}</p>}
            <Button
              type="button"
              onClick={retry}
              disabled={(!source && !lookupFailed) || isValidating || refreshing}
              aria-busy={refreshing}
            >
              {ui['tryAgain']}
            </Button>
          </StatusBox>
        ) : (
          <TileList key={generation}>
            {items.map((item, i) => (
              <li key={item.id}>
                <Tile
                  type="button"
                  data-tile={i}
                  aria-label={item.name}
                  onClick={() => {
                    viewerOpen.current = true;
                    setViewing(i);
                  }}
                >
                  <Thumb
                    sources={tileSources(item)}
                    srcSet={squareSrcSet(item)}
                    sizes={SIZES.dialog}
                    {...squareSize(item)}
                    placeholder={item.lqip}
                    alt=""
                    onFail="placeholder"
                    loading="lazy"
                    decoding="async"
                  />
                  {isVideo(item) && (
                    <span className="play">
                      <Play size={36} aria-hidden="true" fill="currentColor" />
                    </span>
                  )}
                </Tile>
              </li>
            ))}
          </TileList>
        )}
      </Body>
      {viewing !== null && (
        <Suspense fallback={null}>
          <MediaViewer
            items={items}
            gallery={title}
            index={viewing}
            portalRoot={ref.current}
            onClose={(last) => {
              viewerOpen.current = false;
              setViewing(null);
              requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`[data-tile="${last}"]`)?.focus());
            }}
          />
        </Suspense>
      )}
    </Panel>
  );
}
