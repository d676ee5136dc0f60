import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';
import { photoPath, splitPhotoPath } from '../../engine/shared/captions.ts';
import { followPhoto } from '../lib/switch.ts';
import { photoAtom } from './store.ts';

export interface PhotoAddress {
  /** The photo the address names (`<gallery>/photo/<slug>`), or null. */
  readonly slug: string | null;
  /** Puts a photo's address in the location bar (a new history entry, or in place of this one). */
  readonly show: (slug: string, replace?: boolean) => void;
  /** Back to the gallery's own address, in place of the photo's. */
  readonly clear: () => void;
}

/**
 * The photo of a gallery's address, which the viewer shows; written to the shared store (`photoAtom`)
 * so other islands can follow it. The server renders with `ssrPath` (the requested address), and so
 * does the first render in the browser (hydration); from then on the browser's location, including
 * Back and Forward.
 */
export function usePhotoAddress(galleryPath: string, ssrPath: string): PhotoAddress {
  const [location] = useBrowserLocation({ ssrPath });
  const slug = splitPhotoPath(location)?.slug ?? null;
  const setPhoto = useSetAtom(photoAtom);
  useEffect(() => setPhoto(slug), [slug, setPhoto]);
  // The language switcher (outside any island) goes to the photo shown now.
  useEffect(() => followPhoto(galleryPath, location), [galleryPath, location]);
  return {
    slug,
    show: (slug, replace = false) => navigate(photoPath(galleryPath, slug), { replace }),
    clear: () => navigate(galleryPath, { replace: true }),
  };
}
