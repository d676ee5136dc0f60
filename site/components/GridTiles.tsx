import { Play } from 'lucide-react';
import type { MouseEvent } from 'react';
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
  itemSize,
  squareSize,
  squareSrcSet,
  tileSources,
} from '../../engine/shared/media.ts';
import { styled } from '../styles/stitches.ts';
import { Thumb } from './Thumb.tsx';
import { TileList } from './ui.tsx';

/** Container widths where the layout changes: 2 columns below 560 px, up to 5 from 1100 px. */
const BREAKPOINTS = [320, 560, 800, 1100];
const columnsFor = (width: number): number => (width < 560 ? 2 : width < 800 ? 3 : width < 1100 ? 4 : 5);

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

/** The tiles of a grid (one layout's), each a link to its item's own address. */
interface TilesProps {
  /** The items shown (a page at a time), and their captions (of the whole listing, same order). */
  readonly items: readonly ApiMediaItem[];
  readonly captions: readonly string[];
  /** The grid's accessible name (the gallery's title). */
  readonly label: string;
  /** The tile of the largest paint (high fetch priority). */
  readonly lcp: number;
  readonly hrefOf: (index: number) => string;
  /** A tile's click (it opens the viewer instead of following the link). */
  readonly show: (event: MouseEvent, index: number) => void;
}

/** The play sign over a video's tile. */
const VideoBadge = () => (
  <PlayBadge>
    <span>
      <Play size={26} aria-hidden="true" fill="currentColor" />
    </span>
  </PlayBadge>
);

/** Square tiles (the video galleries), the caption under each. */
export function SquareTiles({ items, captions, label, lcp, hrefOf, show }: TilesProps) {
  return (
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
                lqip={item.lqip}
                alt=""
                onFail="hide"
                loading={i < EAGER_TILES ? 'eager' : 'lazy'}
                {...(i === lcp ? { fetchPriority: 'high' as const } : {})}
                decoding="async"
              />
              {isVideo(item) && <VideoBadge />}
            </span>
            <Name data-testid="tile-caption">{captions[i]}</Name>
          </SquareLink>
        </li>
      ))}
    </Squares>
  );
}

/** Photos at their own aspect ratio in masonry columns (photo-album), the caption over each tile's foot. */
export function MasonryTiles({ items, captions, label, lcp, hrefOf, show }: TilesProps) {
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
                lqip={photo.item.lqip}
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
                {isVideo(photo.item) && <VideoBadge />}
                <TileCaption data-testid="tile-caption">{photo.caption}</TileCaption>
              </>
            ),
          }}
        />
      </SSR>
    </Album>
  );
}
