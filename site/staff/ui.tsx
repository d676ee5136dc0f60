import { styled } from '../styles/stitches.ts';

/** The staff tools' building blocks, on the site's design tokens. */

export const Page = styled('main', { maxWidth: '$content', margin: '0 auto', padding: '$6 $4 $8' });

export const Button = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $4',
  border: '1px solid $brand',
  borderRadius: '$sm',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  fontSize: '0.95rem',
  lineHeight: 1.4,
  variants: {
    tone: {
      primary: {
        backgroundColor: '$brand',
        color: '#fff',
        '&:hover:not(:disabled)': { backgroundColor: '$brandHover' },
      },
      secondary: {
        backgroundColor: '#fff',
        color: '$brand',
        '&:hover:not(:disabled)': { backgroundColor: '$brandSoft' },
      },
    },
  },
  defaultVariants: { tone: 'primary' },
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
});

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
