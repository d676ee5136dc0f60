import { styled } from '../styles/stitches.ts';

const Shell = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: 9999,
  backgroundColor: '#080e14',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  '& img': { width: '100%', height: '100%', objectFit: 'contain' },
});

/**
 * What a tapped tile shows at once while the viewer's code runs and renders (a phone's slow CPU takes
 * hundreds of milliseconds): the viewer's backdrop with the tile's own image at full size, which the
 * viewer then covers with the same photo. Transient: hidden from assistive technology.
 */
export function ViewerShell({ src }: { readonly src: string }) {
  return (
    <Shell aria-hidden="true" data-testid="viewer-shell">
      {src && <img src={src} alt="" />}
    </Shell>
  );
}
