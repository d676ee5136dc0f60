import type { ComponentType } from 'react';
import type { PageKind } from '../../engine/index.ts';
import { isVisitorKind, type VisitorKind } from '../../engine/contract/templates.ts';

type Loader = () => Promise<{ default: ComponentType }>;

/** One lazily loaded chunk per page kind (the three gallery kinds share one template). */
const LOADERS: Readonly<Record<VisitorKind, Loader>> = {
  home: () => import('./Home.tsx'),
  category: () => import('./Category.tsx'),
  application: () => import('./Application.tsx'),
  'variant-landing': () => import('./VariantLanding.tsx'),
  'image-gallery': () => import('./Gallery.tsx'),
  'video-gallery': () => import('./Gallery.tsx'),
  'media-gallery': () => import('./Gallery.tsx'),
  'media-hub': () => import('./MediaHub.tsx'),
  'shade-page': () => import('./ShadePage.tsx'),
  'not-found': () => import('./NotFound.tsx'),
};

const loaded = new Map<PageKind, ComponentType>();

/** Loads the template of a kind (staff kinds have none here: the visitor app renders nothing for them). */
export async function loadTemplate(kind: PageKind): Promise<ComponentType | null> {
  if (!isVisitorKind(kind)) return null;
  const done = loaded.get(kind);
  if (done) return done;
  const mod = await LOADERS[kind]();
  loaded.set(kind, mod.default);
  return mod.default;
}

/** The template of a kind, once `loadTemplate` has loaded it. */
export const getTemplate = (kind: PageKind): ComponentType | undefined => loaded.get(kind);
