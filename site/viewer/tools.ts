import { styled } from '../styles/stitches.ts';

/** A link of the viewer's toolbar (its text shows from the `sm` width on; the icon always). */
export const ToolLink = styled('a', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  margin: '$2 $1',
  padding: '$2 $3',
  borderRadius: '$sm',
  color: '#fff',
  backgroundColor: 'rgba(255, 255, 255, 0.14)',
  textDecoration: 'none',
  fontSize: '0.9rem',
  fontWeight: 600,
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.26)' },
  '& span': { display: 'none', '@sm': { display: 'inline' } },
});

/** A button of the viewer's toolbar, drawn as its links are. */
export const ToolButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  margin: '$2 $1',
  padding: '$2 $3',
  border: 'none',
  borderRadius: '$sm',
  color: '#fff',
  backgroundColor: 'rgba(255, 255, 255, 0.14)',
  fontSize: '0.9rem',
  fontWeight: 600,
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.26)' },
  '& span': { display: 'none', '@sm': { display: 'inline' } },
});
