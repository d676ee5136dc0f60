/**
 * The site's colours: the one palette of the visitor pages (the Stitches theme, site/styles/stitches.ts)
 * and of the pages the server writes itself (sign-in, the requests list, the staff frame, the favicon).
 * Each meets WCAG AA contrast on white (text) and as a button fill.
 */
export const COLORS = {
  text: '#1c2630',
  muted: '#4f5d6b',
  bg: '#ffffff',
  surface: '#f4f6f7',
  surface2: '#e9eef1',
  border: '#d9e0e5',
  brand: '#17465f',
  brandHover: '#0f3447',
  brandSoft: '#e3eef4',
  accent: '#a8501a',
  accentSoft: '#fbefe6',
  focus: '#1a73c7',
  placeholder: '#cfd6db',
  danger: '#a12a2a',
  overlay: 'rgba(10, 20, 28, 0.72)',
} as const;
