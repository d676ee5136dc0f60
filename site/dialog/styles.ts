/**
 * The gallery dialog's look, shared by the dialog island (GalleryDialog, DialogHead) and the shell the
 * boot script opens before that island is live (site/styles/boot-ui.ts), so that one replaces the
 * other without a jump.
 */
export const PANEL_STYLE = {
  width: 'min(1000px, calc(100vw - 24px))',
  maxHeight: 'calc(100vh - 48px)',
  padding: 0,
  border: 'none',
  borderRadius: '$lg',
  boxShadow: '$raised',
  '&::backdrop': { backgroundColor: '$overlay' },
} as const;

export const HEAD_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$4 $5',
  borderBottom: '1px solid $border',
  '& h2': { flex: 1, margin: 0, fontSize: '1.35rem' },
} as const;
