import type { PageKind } from '../index.ts';

/** Page kinds of the staff tools: never rendered by the visitor app, never in visitor bundles. */
export const STAFF_KINDS = ['image-manager', 'folder-setup', 'sign-in'] as const satisfies readonly PageKind[];

export type VisitorKind = Exclude<PageKind, (typeof STAFF_KINDS)[number]>;

export const isVisitorKind = (kind: PageKind): kind is VisitorKind =>
  !(STAFF_KINDS as readonly PageKind[]).includes(kind);

/**
 * The source module of each visitor page kind, relative to the repository root: the server finds a
 * kind's chunks (JS and CSS to preload) in Vite's manifest under this name. `site/templates/registry.ts`
 * imports the same files.
 */
export const TEMPLATE_FILES: Readonly<Record<VisitorKind, string>> = {
  home: 'site/templates/Home.tsx',
  category: 'site/templates/Category.tsx',
  application: 'site/templates/Application.tsx',
  'variant-landing': 'site/templates/VariantLanding.tsx',
  'image-gallery': 'site/templates/Gallery.tsx',
  'video-gallery': 'site/templates/Gallery.tsx',
  'media-gallery': 'site/templates/Gallery.tsx',
  'media-hub': 'site/templates/MediaHub.tsx',
  'shade-page': 'site/templates/ShadePage.tsx',
  'not-found': 'site/templates/NotFound.tsx',
};

/** The client entry, relative to the repository root. */
export const CLIENT_ENTRY = 'site/entry-client.tsx';
