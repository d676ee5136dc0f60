import { IMAGE_PLACEHOLDER_CLASS } from '../../engine/shared/islands.ts';
import { globalCss } from './stitches.ts';

/**
 * The site's global styles: the server's render of every page and the staff tools apply them. A module
 * of its own, outside the islands' core chunk: the visitor pages' scripts never need them.
 */
export const globalStyles = globalCss({
  '*, *::before, *::after': { boxSizing: 'border-box' },
  html: { scrollPaddingTop: '$header', WebkitTextSizeAdjust: '100%' },
  body: {
    margin: 0,
    fontFamily: '$body',
    fontSize: '16px',
    lineHeight: 1.6,
    color: '$text',
    backgroundColor: '$bg',
    WebkitFontSmoothing: 'antialiased',
  },
  'h1, h2, h3': { fontFamily: '$heading', lineHeight: 1.2, color: '$text', fontWeight: 700 },
  h1: { fontSize: 'clamp(2rem, 4.5vw, 3rem)', margin: '0 0 $4' },
  h2: { fontSize: 'clamp(1.5rem, 3vw, 2rem)', margin: '0 0 $4' },
  h3: { fontSize: '1.2rem', margin: '0 0 $2' },
  p: { margin: '0 0 $4' },
  a: { color: '$brand' },
  img: { maxWidth: '100%', display: 'block' },
  'button, input': { font: 'inherit' },
  ':focus-visible': { outline: '3px solid $focus', outlineOffset: '2px' },
  // An island's wrapper and root are no boxes: its parts lay out as if they stood in the page itself.
  '[data-island], [data-island-root]': { display: 'contents' },
  // What the boot script puts in place of a static image whose every source failed.
  [`.${IMAGE_PLACEHOLDER_CLASS}`]: {
    display: 'block',
    width: '100%',
    height: '100%',
    minHeight: '80px',
    backgroundColor: '$placeholder',
  },
  '.visually-hidden': {
    position: 'absolute',
    width: 1,
    height: 1,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});
