import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import type { MediaSource } from '../../engine/shared/keys.ts';
import { DialogOpener } from '../dialog/DialogOpener.tsx';
import { lookUp, type DialogLookup } from '../dialog/lookup.ts';
import { useOpeners } from '../dialog/useOpeners.ts';
import { useLive } from './live.ts';

const loadDialog = () => import('../dialog/GalleryDialog.tsx');
const GalleryDialog = lazy(loadDialog);
const preload = (): void => void loadDialog();

export interface DialogIslandProps {
  readonly title: string;
  readonly label: string;
  readonly variant: 'primary' | 'outline' | 'accent' | 'light';
  /** The dialog's items; null when there are none to show or their lookup failed. */
  readonly source: MediaSource | null;
  /** Set when looking the source up failed on the server: Try Again looks it up again. */
  readonly lookup?: DialogLookup;
  /** The gallery page of the same folder: the button is a link there until the island is live. */
  readonly href?: string;
  /** The page's path (a folder is looked up again through its payload). */
  readonly pagePath: string;
  /** `data-opens-dialog` of other elements that open this dialog too (a product intro's picture). */
  readonly trigger?: string;
}

/**
 * A button that opens the reusable gallery dialog: its code and data load when it opens; closing gives
 * the focus back to the element that opened it. Before the island is live it is a link to the gallery
 * page of the same folder, or disabled when there is none.
 */
export default function DialogIsland({
  title,
  label,
  variant,
  source,
  lookup,
  href,
  pagePath,
  trigger,
}: DialogIslandProps) {
  const [open, setOpen] = useState(false);
  const live = useLive();
  const [found, setFound] = useState<{ source: MediaSource | null } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = (event?: MouseEvent | Event) => {
    event?.preventDefault();
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  };
  const button = useRef<HTMLElement>(null);
  useOpeners(trigger, button, show, preload);
  return (
    <>
      <DialogOpener
        label={label}
        variant={variant}
        href={href}
        live={live}
        button={button}
        show={show}
        preload={preload}
      />
      {open && (
        <Suspense fallback={null}>
          <GalleryDialog
            title={title}
            source={found ? found.source : source}
            lookupFailed={lookup !== undefined && found === null}
            retryLookup={async () => {
              if (!lookup) return;
              const next = await lookUp(lookup, pagePath);
              if (next !== 'failed') setFound({ source: next });
            }}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
