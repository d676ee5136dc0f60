import { styled } from '../styles/stitches.ts';

/** The staff tools' building blocks, on the site's design tokens. */

export const Page = styled('main', { maxWidth: '$content', margin: '0 auto', padding: '$6 $4 $8' });

/** The site's one button (site/components/ui.tsx): `variant="outline"` for the secondary actions. */
export { Button } from '../components/ui.tsx';

export const Notice = styled('p', {
  padding: '$3 $4',
  borderRadius: '$sm',
  backgroundColor: '$accentSoft',
  color: '$text',
  borderLeft: '4px solid $accent',
});

export const Bar = styled('progress', {
  display: 'block',
  width: '100%',
  height: '10px',
  appearance: 'none',
  border: 0,
  borderRadius: '$pill',
  overflow: 'hidden',
  backgroundColor: '$surface2',
  '&::-webkit-progress-bar': { backgroundColor: '$surface2' },
  '&::-webkit-progress-value': { backgroundColor: '$brand' },
  '&::-moz-progress-bar': { backgroundColor: '$brand' },
});

export const Muted = styled('p', { color: '$muted', fontSize: '0.9rem', margin: 0 });
