import { createStitches } from '@stitches/react';
import { COLORS } from '../../engine/shared/colors.ts';
import { IMAGE_PLACEHOLDER_CLASS } from '../../engine/shared/islands.ts';

/** The site's design tokens; the colours are the site's one palette (engine/shared/colors.ts). */
export const { styled, css, globalCss, keyframes, getCssText, theme } = createStitches({
  theme: {
    colors: COLORS,
    fonts: {
      body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
      heading: 'Georgia, "Times New Roman", serif',
    },
    space: { 1: '4px', 2: '8px', 3: '12px', 4: '16px', 5: '24px', 6: '32px', 7: '48px', 8: '64px' },
    radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
    shadows: {
      card: '0 1px 2px rgba(16, 32, 48, 0.06), 0 4px 16px rgba(16, 32, 48, 0.06)',
      raised: '0 8px 28px rgba(16, 32, 48, 0.16)',
    },
    sizes: { header: '100px', content: '1200px' },
  },
  media: {
    sm: '(min-width: 640px)',
    md: '(min-width: 900px)',
    lg: '(min-width: 1200px)',
    motion: '(prefers-reduced-motion: no-preference)',
  },
});

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
