const SHELL = { position: 'fixed', inset: 0, zIndex: 9999, backgroundColor: '#080e14' } as const;
const IMAGE = { width: '100%', height: '100%', objectFit: 'contain' } as const;

/**
 * What a tapped tile shows at once while the viewer's code runs and renders (a phone's slow CPU takes
 * hundreds of milliseconds): the viewer's backdrop with the tile's own image at full size, which the
 * viewer then covers with the same photo. Transient: hidden from assistive technology.
 */
export function ViewerShell({ src }: { readonly src: string }) {
  return (
    <div aria-hidden="true" data-testid="viewer-shell" style={SHELL}>
      {src && <img src={src} alt="" style={IMAGE} />}
    </div>
  );
}
