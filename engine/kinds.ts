/**
 * The page kinds: one row per kind says everything the house needs to know about it. The schema's
 * `kind` enum, the staff flag, the template the browser loads, the gallery's layout and source,
 * the data the server fetches and the texts a page must give all come from this table. Adding a
 * page kind is one row here and one template file.
 */

import type { IslandName } from './shared/islands.ts';
import type { Permission } from './shared/roles.ts';
import {
  CONSULTATION_TEXTS,
  GALLERY_TEXTS,
  HEALTH_TEXTS,
  MANIFEST_EDITOR_TEXTS,
  TRANSLATIONS_TEXTS,
  type TextKey,
} from './texts.ts';

/** Who a page is for: visitors (the React app, in the sitemap), or staff (never in visitor bundles or the sitemap). */
export type Audience = 'visitor' | 'staff';

export interface KindGallery {
  /** Where its items come from: the page's folder (or its product's), or the product named by `productType`. */
  readonly source: 'folder' | 'product-type';
  /** What it shows: photos (the masonry album), videos (square tiles), or what the route's `:mediaType` says. */
  readonly media: 'images' | 'videos' | 'by-media-type';
}

/** What the server adds to a staff tool's payload beside the page's own parts (server/staff/pages.ts). */
export type StaffData = 'slot-groups' | 'folder-checklist';

export interface KindDef {
  readonly audience: Audience;
  /** Staff: the page needs a staff session (all but the sign-in page itself). */
  readonly session: boolean;
  /** The module that renders it, relative to the repository root (visitor kinds and staff tools: a default-exported component). */
  readonly template: string;
  /** Galleries: where the items come from and how they are laid out. */
  readonly gallery?: KindGallery;
  /** The server fetches the product list for every page of the kind (sections may ask for it too). */
  readonly products: boolean;
  /** Staff tools: the permission a person's role needs to open the page (engine/shared/roles.ts). */
  readonly permission?: Permission;
  /** Staff tools: the data the server puts in the page (none: the page's own parts only). */
  readonly data?: StaffData;
  /**
   * Its page is where staff edit the manifest: a manifest with staff tools must have one, so that no
   * publish can leave staff without the page that undoes it.
   */
  readonly editsManifest?: boolean;
  /** Its page is the consultation request form: the server takes the requests posted to its path. */
  readonly takesRequests?: boolean;
  /**
   * A product intro the template shows without a section declaring it: the page's own product
   * (when it declares no product-intro), or the product its `productType` pattern names.
   */
  readonly intro?: 'page-product' | 'pattern-product';
  /** Texts every page of the kind must have (its own, or `pageDefaults`). */
  readonly texts: readonly TextKey[];
  /** The HTTP status of its pages. */
  readonly status: 200 | 404;
  /** Its top shows 'Book a free in-home consultation' (visitor pages that sell: all but not-found). */
  readonly consultation: boolean;
  /** The islands its template shows whatever its sections (engine/shared/islands.ts adds the sections'). */
  readonly islands?: readonly IslandName[];
}

const STANDARD = 'site/templates/Standard.tsx';
const GALLERY = 'site/templates/Gallery.tsx';

const visitor = (template: string, more: Partial<KindDef> = {}): KindDef => ({
  audience: 'visitor',
  session: false,
  template,
  products: false,
  texts: [],
  status: 200,
  consultation: true,
  ...more,
});

const gallery = (source: KindGallery['source'], media: KindGallery['media']): KindDef =>
  visitor(GALLERY, {
    gallery: { source, media },
    products: source === 'product-type',
    texts: GALLERY_TEXTS,
    islands: ['gallery'],
  });

const staff = (template: string, more: Partial<KindDef> = {}): KindDef => ({
  audience: 'staff',
  session: true,
  template,
  products: false,
  texts: [],
  status: 200,
  consultation: false,
  ...more,
});

/** The table. Keys in the order the schema lists them. */
export const KINDS = {
  home: visitor('site/templates/Home.tsx'),
  category: visitor(STANDARD),
  application: visitor('site/templates/Application.tsx', {
    products: true,
    intro: 'pattern-product',
  }),
  'variant-landing': visitor('site/templates/VariantLanding.tsx', { intro: 'page-product' }),
  'image-gallery': gallery('folder', 'images'),
  'video-gallery': gallery('folder', 'videos'),
  'media-gallery': gallery('product-type', 'by-media-type'),
  'media-hub': visitor(STANDARD),
  'shade-page': visitor(STANDARD),
  // The page the call to action leads to does not show it again (it would link to itself).
  consultation: visitor('site/templates/Consultation.tsx', {
    texts: CONSULTATION_TEXTS,
    consultation: false,
    takesRequests: true,
    islands: ['consultation'],
  }),
  'image-manager': staff('site/staff/tools/ImageManager.tsx', { data: 'slot-groups', permission: 'images' }),
  'folder-setup': staff('site/staff/tools/FolderSetup.tsx', { data: 'folder-checklist', permission: 'folders' }),
  'folder-health': staff('site/staff/tools/FolderHealth.tsx', { texts: HEALTH_TEXTS, permission: 'folders' }),
  'manifest-editor': staff('site/staff/tools/ManifestEditor.tsx', {
    texts: MANIFEST_EDITOR_TEXTS,
    editsManifest: true,
    permission: 'manifest',
  }),
  // The translator's status; marking translations as reviewed publishes a version.
  'translation-status': staff('site/staff/tools/Translations.tsx', {
    texts: TRANSLATIONS_TEXTS,
    permission: 'translations',
  }),
  'sign-in': staff('server/staff/sign-in.ts', { session: false }),
  'not-found': visitor('site/templates/NotFound.tsx', { status: 404, consultation: false }),
} as const satisfies Record<string, KindDef>;

export type PageKind = keyof typeof KINDS;

export const PAGE_KINDS = Object.keys(KINDS) as PageKind[];

/** The row of a kind. */
export const kindOf = (kind: PageKind): KindDef => KINDS[kind];

export const isVisitorKind = (kind: PageKind): boolean => kindOf(kind).audience === 'visitor';
export const isStaffKind = (kind: PageKind): boolean => kindOf(kind).audience === 'staff';
/** The staff tools: staff pages behind the sign-in. */
export const isStaffTool = (kind: PageKind): boolean => isStaffKind(kind) && kindOf(kind).session;
export const isGalleryKind = (kind: PageKind): boolean => kindOf(kind).gallery !== undefined;
/** The kind of the consultation request form (server/consultations takes what it posts). */
export const takesRequests = (kind: PageKind): boolean => kindOf(kind).takesRequests === true;
/** The page staff sign in on: the staff page that needs no session. */
export const isSignIn = (kind: PageKind): boolean => isStaffKind(kind) && !kindOf(kind).session;
/** The page where staff edit the manifest (the checker requires one wherever there are staff tools). */
export const isManifestEditor = (kind: PageKind): boolean => kindOf(kind).editsManifest === true;
/** Its pages need staff to sign in: the staff tools, and the consultation page (its requests list is for staff). */
export const needsSignIn = (kind: PageKind): boolean => isStaffTool(kind) || takesRequests(kind);

/** Square tiles or the masonry album, for a gallery kind and the route's `:mediaType` (if any). */
export function galleryLayout(kind: PageKind, mediaType: string | undefined): 'squares' | 'masonry' {
  const media = kindOf(kind).gallery?.media;
  return (media === 'by-media-type' ? mediaType : media) === 'videos' ? 'squares' : 'masonry';
}

/** The template modules of the visitor kinds, each once (kinds with the same behaviour share one). */
export const visitorTemplates = (): string[] =>
  [...new Set(PAGE_KINDS.filter(isVisitorKind).map((k) => kindOf(k).template))].sort();
