import { lazy, Suspense, useEffect, useMemo, useRef, useState, type MouseEvent, type RefObject } from 'react';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { lcpTileIndex } from '../../engine/shared/media.ts';
import { styled } from '../styles/stitches.ts';
import { captionsOf, photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import { useLanguage, useUi } from '../app/context.ts';
import { useLive } from '../islands/live.ts';
import { usePhotoAddress, type PhotoAddress } from '../islands/photo-address.ts';
import { MasonryTiles, SquareTiles } from './GridTiles.tsx';
import { PAGE_ITEMS } from '../../engine/shared/paging.ts';
import { Button } from './ui.tsx';
import { ViewerShell } from '../viewer/ViewerShell.tsx';

const loadViewer = () => import('../viewer/MediaViewer.tsx');
const MediaViewer = lazy(loadViewer);

interface Props {
  readonly items: readonly ApiMediaItem[];
  /** `squares`: the square video tiles; `masonry`: photos at their own aspect ratio. */
  readonly layout: 'masonry' | 'squares';
  /** The gallery's title (the page heading): the grid's accessible name, and what captions are made of for files a camera named. */
  readonly label: string;
  /**
   * The gallery page's path and the address the page was rendered for: each tile links to its item's
   * own address (`<path>/photo/<slug>`), which the viewer shows while open; Back closes the viewer.
   */
  readonly address: { readonly galleryPath: string; readonly ssrPath: string };
  /** The whole listing's length when `items` is only its first part (the rest is loading). */
  readonly total?: number;
  /** Text of the button that shows the next tiles (the manifest's `ui.showMore`). */
  readonly moreLabel?: string;
}

const More = styled('div', { display: 'flex', justifyContent: 'center', marginTop: '$5' });

/**
 * How many tiles to show: a screenful first (what the server rendered), then a screenful more each
 * time the sentinel below the grid comes near the viewport or the button is pressed.
 */
function usePaging(count: number) {
  const [shown, setShown] = useState(PAGE_ITEMS);
  const sentinel = useRef<HTMLDivElement>(null);
  const more = () => setShown((n) => n + PAGE_ITEMS);
  const hasMore = shown < count;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && more(), {
      rootMargin: '600px 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, shown]);
  return { shown, more, hasMore, sentinel, showAtLeast: (n: number) => setShown((s) => Math.max(s, n)) };
}

/**
 * The viewer of a grid, open on the photo the address names (after hydration: the server's markup and
 * the first client render are the grid alone). A tile's click pushes the photo's address; closing goes
 * Back to the gallery's (or replaces the address when the page was opened on the photo) and gives the
 * focus to the tile last shown, as does Back pressed while the viewer is open.
 */
function useGridViewer(
  all: readonly ApiMediaItem[],
  address: Props['address'],
  root: RefObject<HTMLDivElement | null>,
  showAtLeast: (n: number) => void,
) {
  const photo: PhotoAddress = usePhotoAddress(address.galleryPath, address.ssrPath);
  const slugs = useMemo(() => photoSlugs(all), [all]);
  const linkedIndex = photo.slug === null ? -1 : slugs.indexOf(photo.slug);
  // The viewer opens once the island is live: the server's markup and the first client render are the grid alone.
  const live = useLive();
  const open = live && linkedIndex >= 0 ? linkedIndex : null;
  // Opened from a tile: the photo's address was pushed, so closing goes Back to the gallery's.
  const pushed = useRef(false);
  const last = useRef(0);
  // The tapped tile's image, shown at once while the viewer comes (ViewerShell); null: none.
  const [shell, setShell] = useState<string | null>(null);
  if (open !== null) last.current = open;

  // Tiles carry their item index: the masonry album renders column by column, so DOM order is not
  // item order. (Before hydration SSR renders one album per breakpoint: the visible one counts.)
  const focusTile = (index: number) => {
    const tiles = root.current?.querySelectorAll<HTMLElement>(`[data-tile="${index}"]`);
    [...(tiles ?? [])].find((el) => el.offsetParent !== null)?.focus();
  };

  /** A tile is a link to its item's page; with the island live a plain click opens the viewer instead. */
  const show = (event: MouseEvent, index: number) => {
    const slug = slugs[index];
    if (slug === undefined || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    // A second tap while the viewer comes opens nothing more (one address pushed, one viewer).
    if (pushed.current) return;
    pushed.current = true;
    const img = (event.currentTarget as HTMLElement).querySelector('img');
    // A click's update renders before the next paint (React's discrete events): the shell shows at once.
    setShell(img?.currentSrc || img?.src || '');
    // After the shell's frame: the viewer's render must not hold back its paint.
    requestAnimationFrame(() => setTimeout(() => photo.show(slug), 0));
  };
  const viewed = (index: number) => {
    const slug = slugs[index];
    if (slug !== undefined && slug !== photo.slug) photo.show(slug, true);
  };
  const closed = (index: number) => {
    setShell(null);
    // The viewer may have walked past the tiles shown: show up to the last one seen.
    showAtLeast(index + 1);
    if (pushed.current) {
      pushed.current = false;
      history.back();
    } else photo.clear();
    requestAnimationFrame(() => focusTile(index));
  };
  // Back pressed while the viewer is open: the address lost its photo, the viewer is gone.
  const wasOpen = useRef(open !== null);
  useEffect(() => {
    if (wasOpen.current && open === null) {
      pushed.current = false;
      setShell(null);
      focusTile(last.current);
    }
    wasOpen.current = open !== null;
  }, [open]);
  return { open, slugs, show, viewed, closed, shell };
}

/**
 * A gallery grid (2 to 5 columns by width, sizes from the API so nothing shifts) whose tiles open
 * the full-screen viewer; closing it returns focus to the tile last shown.
 */
export function MediaGrid({ items: all, layout, label, address, total, moreLabel }: Props) {
  const paging = usePaging(Math.max(total ?? 0, all.length));
  // The grid shows a page at a time; the viewer walks every item.
  const items = all.slice(0, paging.shown);
  const root = useRef<HTMLDivElement>(null);
  const viewer = useGridViewer(all, address, root, paging.showAtLeast);
  const ui = useUi();
  const language = useLanguage();
  const captions = useMemo(() => captionsOf(all, { gallery: label, ui, language }), [all, label, ui, language]);
  const preload = () => void loadViewer();
  const Tiles = layout === 'squares' ? SquareTiles : MasonryTiles;

  return (
    <div ref={root} onPointerEnter={preload} onFocus={preload} data-testid="media-grid">
      <Tiles
        items={items}
        captions={captions}
        label={label}
        lcp={lcpTileIndex(items, layout)}
        hrefOf={(index) => photoPath(address.galleryPath, viewer.slugs[index] ?? '')}
        show={viewer.show}
      />
      {paging.hasMore && (
        <More ref={paging.sentinel} data-testid="show-more">
          <Button type="button" onClick={paging.more} disabled={paging.shown >= all.length}>
            {moreLabel ?? 'Show more'}
          </Button>
        </More>
      )}
      {viewer.shell !== null && viewer.open === null && <ViewerShell src={viewer.shell} />}
      {viewer.open !== null && (
        <Suspense fallback={viewer.shell === null ? null : <ViewerShell src={viewer.shell} />}>
          <MediaViewer items={all} gallery={label} index={viewer.open} onClose={viewer.closed} onView={viewer.viewed} />
        </Suspense>
      )}
    </div>
  );
}
