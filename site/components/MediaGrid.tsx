import { Play } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { MasonryPhotoAlbum, type Photo } from 'react-photo-album';
import SSR from 'react-photo-album/ssr';
import 'react-photo-album/masonry.css';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { SIZES } from '../../engine/shared/images.ts';
import {
  ALBUM_SIZES,
  albumSources,
  albumSrcSet,
  EAGER_TILES,
  isVideo,
  lcpTileIndex,
  itemSize,
  squareSize,
  squareSrcSet,
  tileSources,
} from '../../engine/shared/media.ts';
import { styled } from '../styles/stitches.ts';
import { captionsOf, photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import { useUi } from '../app/context.ts';
import { usePhotoAddress, type PhotoAddress } from '../islands/photo-address.ts';
import { Thumb } from './Thumb.tsx';
import { PAGE_ITEMS } from '../../engine/shared/paging.ts';
import { Button, TileList } from './ui.tsx';

const loadViewer = () => import('../viewer/MediaViewer.tsx');
const MediaViewer = lazy(loadViewer);

/** Container widths where the layout changes: 2 columns below 560 px, up to 5 from 1100 px. */
const BREAKPOINTS = [320, 560, 800, 1100];
const columnsFor = (width: number): number => (width < 560 ? 2 : width < 800 ? 3 : width < 1100 ? 4 : 5);

/** Tiles of the first row on a phone load eagerly (the first one is the largest paint). */

interface MediaPhoto extends Photo {
  readonly item: ApiMediaItem;
  readonly caption: string;
}

const PlayBadge = styled('span', {
  position: 'absolute',
  inset: '0 0 2.5rem 0',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  pointerEvents: 'none',
  '& > span': {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '56px',
    height: '56px',
    borderRadius: '50%',
    backgroundColor: 'rgba(0, 0, 0, 0.6)',
    color: '#fff',
  },
});

const Name = styled('span', {
  display: 'block',
  padding: '$2 $1 0',
  fontSize: '0.85rem',
  color: '$muted',
  textAlign: 'left',
  overflowWrap: 'anywhere',
});

/** Under a photo-album tile: the album sets the tile's height from the photo, so the caption overlays its foot. */
const TileCaption = styled('span', {
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  padding: '$4 $2 $2',
  fontSize: '0.8rem',
  fontWeight: 600,
  color: '#fff',
  textAlign: 'left',
  background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.72))',
  pointerEvents: 'none',
});

const Album = styled('div', {
  '& .react-photo-album--link': {
    display: 'block',
    padding: 0,
    borderRadius: '$sm',
    overflow: 'hidden',
    transition: 'transform 150ms, box-shadow 150ms',
    '&:hover': { boxShadow: '$raised' },
  },
  '& .react-photo-album--image': { objectFit: 'cover', backgroundColor: '$surface2' },
});

const Squares = styled(TileList, { '@lg': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' } });

const SquareLink = styled('a', {
  display: 'block',
  width: '100%',
  color: 'inherit',
  textDecoration: 'none',
  '& .frame': {
    position: 'relative',
    display: 'block',
    aspectRatio: '1 / 1',
    borderRadius: '$sm',
    overflow: 'hidden',
    backgroundColor: '$brand',
  },
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
  '&:hover .frame': { boxShadow: '$raised' },
});

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
 * A gallery grid (2 to 5 columns by width, sizes from the API so nothing shifts) whose tiles open
 * the full-screen viewer; closing it returns focus to the tile last shown.
 */
export function MediaGrid({ items: all, layout, label, address, total, moreLabel }: Props) {
  const paging = usePaging(Math.max(total ?? 0, all.length));
  // The grid shows a page at a time; the viewer walks every item.
  const items = all.slice(0, paging.shown);
  const { galleryPath } = address;
  const photo: PhotoAddress = usePhotoAddress(galleryPath, address.ssrPath);
  const slugs = useMemo(() => photoSlugs(all), [all]);
  const ui = useUi();
  const captions = useMemo(() => captionsOf(all, { gallery: label, ui }), [all, label, ui]);
  const linkedIndex = photo.slug === null ? -1 : slugs.indexOf(photo.slug);
  // The viewer opens after hydration: the server's markup and the first client render are the grid alone.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const open = hydrated && linkedIndex >= 0 ? linkedIndex : null;
  // Opened from a tile: the photo's address was pushed, so closing goes Back to the gallery's.
  const pushed = useRef(false);
  const last = useRef(0);
  if (open !== null) last.current = open;
  const root = useRef<HTMLDivElement>(null);
  const preload = () => void loadViewer();
  const lcp = lcpTileIndex(items, layout);
  const hrefOf = (index: number): string => photoPath(galleryPath, slugs[index] ?? '');

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
    pushed.current = true;
    photo.show(slug);
  };
  const viewed = (index: number) => {
    const slug = slugs[index];
    if (slug !== undefined && slug !== photo.slug) photo.show(slug, true);
  };
  const closed = (index: number) => {
    // The viewer may have walked past the tiles shown: show up to the last one seen.
    paging.showAtLeast(index + 1);
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
      focusTile(last.current);
    }
    wasOpen.current = open !== null;
  }, [open]);

  const photos: MediaPhoto[] = items.map((item, i) => ({
    key: item.id,
    href: hrefOf(i),
    src: item.thumbnailUrl ?? item.url,
    // The caption is written under the tile: it names the button, and the image adds nothing to it.
    label: captions[i],
    alt: '',
    item,
    caption: captions[i] ?? '',
    ...itemSize(item),
  }));

  return (
    <div ref={root} onPointerEnter={preload} onFocus={preload} data-testid="media-grid">
      {layout === 'squares' ? (
        <Squares aria-label={label}>
          {items.map((item, i) => (
            <li key={item.id}>
              <SquareLink
                href={hrefOf(i)}
                data-tile={i}
                data-file={item.name}
                onClick={(e: MouseEvent) => show(e, i)}
                aria-label={captions[i]}
              >
                <span className="frame">
                  <Thumb
                    sources={tileSources(item)}
                    srcSet={squareSrcSet(item)}
                    sizes={SIZES.square}
                    {...squareSize(item)}
                    placeholder={item.lqip}
                    alt=""
                    onFail="hide"
                    loading={i < EAGER_TILES ? 'eager' : 'lazy'}
                    {...(i === lcp ? { fetchPriority: 'high' as const } : {})}
                    decoding="async"
                  />
                  {isVideo(item) && (
                    <PlayBadge>
                      <span>
                        <Play size={26} aria-hidden="true" fill="currentColor" />
                      </span>
                    </PlayBadge>
                  )}
                </span>
                <Name data-testid="tile-caption">{captions[i]}</Name>
              </SquareLink>
            </li>
          ))}
        </Squares>
      ) : (
        <Album>
          <SSR breakpoints={BREAKPOINTS}>
            <MasonryPhotoAlbum
              photos={photos}
              columns={(width) => Math.max(2, Math.min(columnsFor(width), items.length))}
              spacing={12}
              onClick={({ event, index }) => show(event, index)}
              componentsProps={{
                container: { 'aria-label': label },
                link: ({ index }) => ({ 'data-tile': index }) as object,
              }}
              render={{
                image: ({ style, className }, { photo, index }) => (
                  <Thumb
                    sources={albumSources(photo.item)}
                    srcSet={albumSrcSet(photo.item)}
                    sizes={ALBUM_SIZES}
                    width={photo.width}
                    height={photo.height}
                    placeholder={photo.item.lqip}
                    alt=""
                    onFail="placeholder"
                    className={className}
                    style={style}
                    loading={index < EAGER_TILES ? 'eager' : 'lazy'}
                    {...(index === lcp ? { fetchPriority: 'high' as const } : {})}
                    decoding="async"
                  />
                ),
                extras: (_, { photo }) => (
                  <>
                    {isVideo(photo.item) && (
                      <PlayBadge>
                        <span>
                          <Play size={26} aria-hidden="true" fill="currentColor" />
                        </span>
                      </PlayBadge>
                    )}
                    <TileCaption data-testid="tile-caption">{photo.caption}</TileCaption>
                  </>
                ),
              }}
            />
          </SSR>
        </Album>
      )}
      {paging.hasMore && (
        <More ref={paging.sentinel} data-testid="show-more">
          <Button type="button" onClick={paging.more} disabled={paging.shown >= all.length}>
            {moreLabel ?? 'Show more'}
          </Button>
        </More>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <MediaViewer items={all} gallery={label} index={open} onClose={closed} onView={viewed} />
        </Suspense>
      )}
    </div>
  );
}
