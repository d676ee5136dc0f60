import { keyframes, styled } from '../styles/stitches.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const Container = /* @__PURE__ */ styled('div', {
  width: '100%',
  maxWidth: '$content',
  margin: '0 auto',
  padding: '0 $4',
  '@sm': { padding: '0 $5' },
});

export const Block = /* @__PURE__ */ styled('section', {
  padding: '$6 0',
  '@md': { padding: '$7 0' },
  variants: {
    tone: { plain: {}, soft: { backgroundColor: '$surface' } },
    tight: { true: { paddingTop: 0 } },
  },
  defaultVariants: { tone: 'plain' },
});

export const Lead = /* @__PURE__ */ styled('p', { fontSize: '1.125rem', color: '$muted', maxWidth: '70ch' });

/** What an island renders, seen from the element around it (its wrapper and root are no boxes). */
const IN_ISLAND = '[data-island] > [data-island-root] > *';
/** A card's buttons: its links, and its gallery-dialog button (an island). */
const CARD_BUTTONS = `& [data-card-actions] > :not([data-island]), & [data-card-actions] > ${IN_ISLAND}`;

/**
 * Card buttons of a row of three or four cards: room for two lines of text (0.95rem at line height
 * 1.2, padding and border) in each, so that a label that wraps does not make its button the odd one out.
 */
const evenButtons = { [CARD_BUTTONS]: { minHeight: 'calc(2 * 1.2 * 0.95rem + 20px)' } };

export const Grid = /* @__PURE__ */ styled('div', {
  display: 'grid',
  gap: '$5',
  gridTemplateColumns: '1fr',
  variants: {
    cols: {
      1: {},
      2: { '@sm': { gridTemplateColumns: 'repeat(2, 1fr)' } },
      3: {
        '@sm': { gridTemplateColumns: 'repeat(2, 1fr)' },
        '@md': { gridTemplateColumns: 'repeat(3, 1fr)', ...evenButtons },
      },
      4: {
        '@sm': { gridTemplateColumns: 'repeat(2, 1fr)' },
        '@md': evenButtons,
        '@lg': { gridTemplateColumns: 'repeat(4, 1fr)' },
      },
    },
    /** One card with a picture among text cards: it takes a row of its own (picture beside text). */
    showcase: { true: { '& > [data-showcase]': { gridColumn: '1 / -1' } } },
  },
  defaultVariants: { cols: 3 },
});

export const Card = /* @__PURE__ */ styled('article', {
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: '$bg',
  border: '1px solid $border',
  borderRadius: '$md',
  boxShadow: '$card',
  overflow: 'hidden',
  variants: {
    layout: {
      // A card alone in its row: picture and text side by side, no half-empty row.
      wide: {
        '@md': { display: 'grid', gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)', alignItems: 'stretch' },
        [CARD_BUTTONS]: { flex: '0 1 auto' },
      },
      // The same without a picture: bullets in two columns, buttons their own width.
      full: {
        '@md': { '& ul': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: '$6' } },
        [CARD_BUTTONS]: { flex: '0 1 auto' },
      },
    },
  },
});

export const CardBody = /* @__PURE__ */ styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  padding: '$5',
  flex: 1,
  '& > p': { margin: 0, color: '$muted' },
});

/** A card's buttons, each the card's full width, so that the buttons of a row of cards match. */
export const CardActions = /* @__PURE__ */ styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$2',
  marginTop: 'auto',
  paddingTop: '$3',
  [`& > a, & > button, & > ${IN_ISLAND}`]: {
    flex: '1 1 100%',
    justifyContent: 'space-between',
    paddingInline: '$3',
    textAlign: 'left',
  },
});

const buttonStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '$2',
  minHeight: '44px',
  padding: '$2 $4',
  borderRadius: '$sm',
  border: '2px solid transparent',
  fontWeight: 600,
  fontSize: '0.95rem',
  lineHeight: 1.2,
  textDecoration: 'none',
  cursor: 'pointer',
  transition: 'background-color 120ms, color 120ms, border-color 120ms',
  '&:disabled': { opacity: 0.6, cursor: 'default' },
  variants: {
    variant: {
      primary: { backgroundColor: '$brand', color: '#fff', '&:hover': { backgroundColor: '$brandHover' } },
      accent: { backgroundColor: '$accent', color: '#fff', '&:hover': { filter: 'brightness(0.92)' } },
      outline: {
        backgroundColor: 'transparent',
        color: '$brand',
        borderColor: '$brand',
        '&:hover': { backgroundColor: '$brandSoft' },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: '$brand',
        padding: '$2',
        '&:hover': { backgroundColor: '$brandSoft' },
      },
      light: { backgroundColor: '#fff', color: '$brand', '&:hover': { backgroundColor: '$brandSoft' } },
    },
  },
  defaultVariants: { variant: 'primary' },
} as const;

export const Button = /* @__PURE__ */ styled('button', buttonStyle);
/** A link that looks like a button. */
export const ButtonLink = /* @__PURE__ */ styled('a', buttonStyle);

export const Actions = /* @__PURE__ */ styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$3',
  alignItems: 'center',
});

export const BulletList = /* @__PURE__ */ styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: '$2 0 0',
  display: 'grid',
  gap: '$2',
  '& li': { position: 'relative', paddingLeft: '$5' },
  '& li::before': {
    content: '""',
    position: 'absolute',
    left: '4px',
    top: '0.6em',
    width: '8px',
    height: '8px',
    borderRadius: '50%',
    backgroundColor: '$accent',
  },
});

export const IconBadge = /* @__PURE__ */ styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '48px',
  height: '48px',
  borderRadius: '$md',
  backgroundColor: '$brandSoft',
  color: '$brand',
  flexShrink: 0,
});

export const Spinner = /* @__PURE__ */ styled('span', {
  display: 'inline-block',
  width: '28px',
  height: '28px',
  border: '3px solid $border',
  borderTopColor: '$brand',
  borderRadius: '50%',
  '@motion': { animation: `${spin} 0.9s linear infinite` },
});

export const StatusBox = /* @__PURE__ */ styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  textAlign: 'center',
  padding: '$7 $4',
  borderRadius: '$md',
  backgroundColor: '$surface',
  color: '$muted',
  '& h2': { fontSize: '1.4rem', margin: 0 },
  '& p': { margin: 0 },
});

/** A list of square tiles: 2, 3 then 4 columns as the width grows. */
export const TileList = /* @__PURE__ */ styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@sm': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  '@md': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
});
