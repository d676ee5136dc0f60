import { Images } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import type { ApiProduct } from '../../engine/shared/api.ts';
import { keys, type MediaSource } from '../../engine/shared/keys.ts';
import { pageKey, type RoutePayload } from '../../engine/shared/page.ts';
import { productById } from '../../engine/shared/products.ts';
import { AWAIT_ISLAND_ATTR, CLICKED_ATTR } from '../../engine/shared/islands.ts';
import { Button, ButtonLink } from '../components/ui.tsx';
import { fetchJson } from '../data/fetcher.ts';

const loadDialog = () => import('../dialog/GalleryDialog.tsx');
const GalleryDialog = lazy(loadDialog);

/** What a dialog's source is looked up from again when the server could not (see engine/shared/sources.ts). */
export type DialogLookup = { readonly folder: string } | { readonly product: string };

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

/** Looks a dialog's source up again: the page's folder ids, or the product list. */
async function lookUp(lookup: DialogLookup, pagePath: string): Promise<MediaSource | null | 'failed'> {
  if ('folder' in lookup) {
    const next = await fetchJson<RoutePayload>(pageKey(pagePath)).catch(() => null);
    if (next?.type !== 'page' || next.errors.includes(keys.folderLookup(lookup.folder))) return 'failed';
    const id = next.folderIds[lookup.folder];
    return id ? { folderId: id } : null;
  }
  const products = await fetchJson<ApiProduct[]>(keys.products).catch(() => null);
  if (!products) return 'failed';
  const id = productById(products, lookup.product)?.driveFolderId;
  return id ? { folderId: id } : null;
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
  const [live, setLive] = useState(false);
  const [found, setFound] = useState<{ source: MediaSource | null } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const show = (event?: MouseEvent | Event) => {
    event?.preventDefault();
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  };
  const showRef = useRef(show);
  showRef.current = show;
  const button = useRef<HTMLElement>(null);
  useEffect(() => {
    setLive(true);
    const others = trigger
      ? [...document.querySelectorAll<HTMLElement>(`[data-opens-dialog="${CSS.escape(trigger)}"]`)]
      : [];
    // A click that came before the island was live (the boot script kept it): carried out now.
    const clicked = [button.current, ...others].find((el) => el?.hasAttribute(CLICKED_ATTR));
    if (clicked) {
      clicked.removeAttribute(CLICKED_ATTR);
      clicked.focus();
      showRef.current();
    }
    const onClick = (e: Event) => showRef.current(e);
    for (const el of others) {
      el.removeAttribute(AWAIT_ISLAND_ATTR);
      el.addEventListener('click', onClick);
      el.addEventListener('pointerenter', () => void loadDialog(), { once: true });
    }
    return () => others.forEach((el) => el.removeEventListener('click', onClick));
  }, [trigger]);
  const preload = () => void loadDialog();
  const content = (
    <>
      <Images size={18} aria-hidden="true" />
      {label}
    </>
  );
  const common = { 'aria-haspopup': 'dialog' as const, onPointerEnter: preload, onFocus: preload };
  return (
    <>
      {href ? (
        <ButtonLink
          ref={button as never}
          variant={variant}
          href={href}
          {...common}
          // React handles clicks only once the island has hydrated: from then on the link opens the dialog.
          onClick={(e: MouseEvent) => show(e)}
        >
          {content}
        </ButtonLink>
      ) : (
        // Not `disabled` before it is live: the boot script keeps a click on it for the island.
        <Button
          ref={button as never}
          type="button"
          variant={variant}
          aria-disabled={live ? undefined : true}
          {...{ [AWAIT_ISLAND_ATTR]: live ? undefined : '' }}
          {...common}
          onClick={() => show()}
        >
          {content}
        </Button>
      )}
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
