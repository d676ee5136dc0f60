import { Play } from 'lucide-react';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { SIZES } from '../../engine/shared/images.ts';
import { isVideo, squareSize, squareSrcSet, tileSources } from '../../engine/shared/media.ts';
import { Thumb } from '../components/Thumb.tsx';
import { TileList } from '../components/ui.tsx';
import { styled } from '../styles/stitches.ts';

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

interface Props {
  readonly items: readonly ApiMediaItem[];
  /** A tile pressed: the viewer opens on its item. */
  readonly onOpen: (index: number) => void;
}

/** The dialog's square thumbnails (2 to 4 columns), each a button that opens the viewer on its item. */
export function DialogTiles({ items, onOpen }: Props) {
  return (
    <TileList>
      {items.map((item, i) => (
        <li key={item.id}>
          <Tile type="button" data-tile={i} aria-label={item.name} onClick={() => onOpen(i)}>
            <Thumb
              sources={tileSources(item)}
              srcSet={squareSrcSet(item)}
              sizes={SIZES.dialog}
              {...squareSize(item)}
              lqip={item.lqip}
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
  );
}
