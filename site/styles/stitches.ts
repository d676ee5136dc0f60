import { createStitches } from '@stitches/react';
import { COLORS } from '../../engine/shared/colors.ts';

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
