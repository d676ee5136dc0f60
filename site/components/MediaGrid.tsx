import { Play } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { MasonryPhotoAlbum, type Photo } from 'react-photo-album';
import SSR from 'react-photo-album/ssr';
import 'react-photo-album/masonry.css';
import type { ApiMediaItem } from '../../engine/api.ts';
import { ALBUM_SIZES, albumSources, albumSrcSet, isVideo, itemSize, tileSources } from '../../engine/contract/media.ts';
import { styled } from '../styles/stitches.ts';
import { Thumb } from './Thumb.tsx';
import { TileList } from './ui.tsx';

const loadViewer = () => import('./MediaViewer.tsx');
const MediaViewer = lazy(loadViewer);

/** Container widths where the layout changes: 2 columns below 560 px, up to 5 from 1100 px. */
const BREAKPOINTS = [320, 560, 800, 1100];
const columnsFor = (width: number): number => (width < 560 ? 2 : width < 800 ? 3 : width < 1100 ? 4 : 5);

/** Tiles of the first row on a phone load eagerly (the first one is the largest paint). */
const EAGER = 2;

interface MediaPhoto extends Photo {
  readonly item: ApiMediaItem;
}

const PlayBadge = styled('span', {
  position: 'absolute',
  inset: 0,
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

const Album = styled('div', {
  '& .react-photo-album--button': {
    padding: 0,
    borderRadius: '$sm',
    overflow: 'hidden',
    transition: 'transform 150ms, box-shadow 150ms',
    '&:hover': { boxShadow: '$raised' },
  },
  '& .react-photo-album--image': { objectFit: 'cover', backgroundColor: '$surface2' },
});

const Squares = styled(TileList, { '@lg': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' } });

const SquareButton = styled('button', {
  display: 'block',
  width: '100%',
  padding: 0,
  border: 'none',
  background: 'none',
  cursor: 'pointer',
  textAlign: 'left',
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
  /** Accessible name of the grid (the page heading). */
  readonly label: string;
}

/**
 * A gallery grid (2 to 5 columns by width, sizes from the API so nothing shifts) whose tiles open
 * the full-screen viewer; closing it returns focus to the tile last shown.
 */
export function MediaGrid({ items, layout, label }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const preload = () => void loadViewer();

  // Tiles carry their item index: the masonry album renders column by column, so DOM order is not
  // item order. (Before hydration SSR renders one album per breakpoint: the visible one counts.)
  const focusTile = (index: number) => {
    const tiles = root.current?.querySelectorAll<HTMLElement>(`[data-tile="${index}"]`);
    [...(tiles ?? [])].find((el) => el.offsetParent !== null)?.focus();
  };

  const photos: MediaPhoto[] = items.map((item) => ({
    key: item.id,
    src: item.thumbnailUrl ?? item.url,
    alt: item.name,
    item,
    ...itemSize(item),
  }));

  return (
    <div ref={root} onPointerEnter={preload} onFocus={preload} data-testid="media-grid">
      {layout === 'squares' ? (
        <Squares aria-label={label}>
          {items.map((item, i) => (
            <li key={item.id}>
              <SquareButton type="button" data-tile={i} onClick={() => setOpen(i)} aria-label={item.name}>
                <span className="frame">
                  <Thumb
                    sources={tileSources(item)}
                    alt=""
                    onFail="hide"
                    loading={i < EAGER ? 'eager' : 'lazy'}
                    {...(i === 0 ? { fetchPriority: 'high' as const } : {})}
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
                <Name>{item.name}</Name>
              </SquareButton>
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
              onClick={({ index }) => setOpen(index)}
              componentsProps={{
                container: { 'aria-label': label },
                button: ({ index }) => ({ 'data-tile': index }) as object,
              }}
              render={{
                image: ({ style, className }, { photo, index }) => (
                  <Thumb
                    sources={albumSources(photo.item)}
                    srcSet={albumSrcSet(photo.item)}
                    sizes={ALBUM_SIZES}
                    alt={photo.item.name}
                    onFail="placeholder"
                    className={className}
                    style={style}
                    loading={index < EAGER ? 'eager' : 'lazy'}
                    {...(index === 0 ? { fetchPriority: 'high' as const } : {})}
                    decoding="async"
                  />
                ),
                extras: (_, { photo }) =>
                  isVideo(photo.item) ? (
                    <PlayBadge>
                      <span>
                        <Play size={26} aria-hidden="true" fill="currentColor" />
                      </span>
                    </PlayBadge>
                  ) : null,
              }}
            />
          </SSR>
        </Album>
      )}
      {open !== null && (
        <Suspense fallback={null}>
          <MediaViewer
            items={items}
            index={open}
            onClose={(last) => {
              setOpen(null);
              requestAnimationFrame(() => focusTile(last));
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
