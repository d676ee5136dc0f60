import { BOOT_DIALOG_ATTR, PENDING_ATTR } from '../../engine/shared/islands.ts';
import { HEAD_STYLE, PANEL_STYLE } from '../dialog/styles.ts';
import { globalCss } from './stitches.ts';

/**
 * What the boot script shows before any island's script (server/render/boot.ts): in the server's
 * stylesheet of every visitor page (site/app/App.tsx), never in the browser's bundle, which has no use
 * for them.
 */
export const bootUiStyles = globalCss({
  // The gallery dialog's shell, opened by the boot script before the dialog's island is live: the
  // dialog's own panel, head and skeleton tiles (site/dialog/GalleryDialog.tsx), so that the island's
  // dialog replaces it without a jump.
  [`dialog[${BOOT_DIALOG_ATTR}]`]: {
    ...PANEL_STYLE,
    '& > div': HEAD_STYLE,
    '& button': {
      minWidth: 44,
      minHeight: 44,
      border: 'none',
      background: 'none',
      fontSize: '1.5rem',
      cursor: 'pointer',
    },
    '& ul': {
      listStyle: 'none',
      margin: 0,
      padding: '$5',
      display: 'grid',
      gap: '$3',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      '@sm': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
      '@md': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    },
    '& li': { aspectRatio: '1 / 1', borderRadius: '$sm', backgroundColor: '$surface2' },
  },
  // A link tapped to navigate, until the next page comes (the boot script): the tap visibly took.
  [`a[${PENDING_ATTR}], button[${PENDING_ATTR}]`]: {
    opacity: 0.6,
    cursor: 'progress',
    outline: '2px solid $focus',
    outlineOffset: '2px',
  },
});
