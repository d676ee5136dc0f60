import { useUi } from '../app/context.ts';
import { TileList } from '../components/ui.tsx';
import { keyframes, styled } from '../styles/stitches.ts';

const pulse = keyframes({ '50%': { opacity: 0.55 } });

const Skeleton = styled('li', {
  aspectRatio: '1 / 1',
  borderRadius: '$sm',
  backgroundColor: '$surface2',
  '@motion': { animation: `${pulse} 1.4s ease-in-out infinite` },
});

/** While the listing loads: 8 skeleton tiles, pulsing where motion is welcome. */
export function DialogSkeleton() {
  const ui = useUi();
  return (
    <TileList aria-busy="true" aria-label={ui['dialogLoading']}>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} />
      ))}
    </TileList>
  );
}
