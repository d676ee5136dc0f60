import { lazy, Suspense, useEffect, useState } from 'react';
import { BOOT_DIALOG_ATTR } from '../../engine/shared/islands.ts';
import { useMedia } from '../data/hooks.ts';
import type { MediaSource } from '../../engine/shared/keys.ts';
import { styled } from '../styles/stitches.ts';
import { DialogHead } from './DialogHead.tsx';
import { DialogSkeleton } from './DialogSkeleton.tsx';
import { DialogStatus } from './DialogStatus.tsx';
import { DialogTiles } from './DialogTiles.tsx';
import { PANEL_STYLE } from './styles.ts';
import { useModal } from './useModal.ts';
import { useRetry } from './useRetry.ts';

const MediaViewer = lazy(() => import('../viewer/MediaViewer.tsx'));

const Panel = styled('dialog', { ...PANEL_STYLE, '&[open]': { display: 'flex', flexDirection: 'column' } });

const Body = styled('div', { overflowY: 'auto', padding: '$5' });

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
 * The reusable gallery dialog: title, Refresh, a 2/3/4-column thumbnail grid with 8 skeleton tiles
 * while loading, 'Try Again' when empty or failing. Tiles open the viewer above the dialog.
 */
export default function GalleryDialog({ title, source, lookupFailed = false, retryLookup, onClose }: Props) {
  const modal = useModal();
  // The shell the boot script opened for a tap before the island was live gives way, now that this
  // dialog is open in its place (the effect after useModal's showModal: no frame without either).
  useEffect(() => document.querySelector(`dialog[${BOOT_DIALOG_ATTR}]`)?.remove(), []);
  const [viewing, setViewing] = useState<number | null>(null);
  const { data, error, isLoading, isValidating } = useMedia(source);
  const items = data ?? [];
  const { generation, refreshing, retry } = useRetry(source, lookupFailed, retryLookup);
  const failed = error !== undefined || lookupFailed;

  let body;
  if (isLoading) body = <DialogSkeleton />;
  else if (failed || !source || items.length === 0)
    body = (
      <DialogStatus
        failed={failed}
        retry={retry}
        disabled={(!source && !lookupFailed) || isValidating || refreshing}
        busy={refreshing}
      />
    );
  else
    body = (
      <DialogTiles
        key={generation}
        items={items}
        onOpen={(i) => {
          modal.covered.current = true;
          setViewing(i);
        }}
      />
    );

  return (
    <Panel
      ref={modal.ref}
      aria-labelledby="gallery-dialog-title"
      data-testid="gallery-dialog"
      onClose={onClose}
      {...modal.handlers}
    >
      <DialogHead
        title={title}
        refresh={items.length > 0 ? { refreshing, disabled: isValidating, run: retry } : null}
        onClose={modal.close}
      />
      <Body>{body}</Body>
      {viewing !== null && (
        <Suspense fallback={null}>
          <MediaViewer
            items={items}
            gallery={title}
            index={viewing}
            portalRoot={modal.ref.current}
            onClose={(last) => {
              modal.covered.current = false;
              setViewing(null);
              requestAnimationFrame(() =>
                modal.ref.current?.querySelector<HTMLElement>(`[data-tile="${last}"]`)?.focus(),
              );
            }}
          />
        </Suspense>
      )}
    </Panel>
  );
}
