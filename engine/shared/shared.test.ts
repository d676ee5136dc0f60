import { describe, expect, it } from 'vitest';
import type { ApiProduct } from './api.ts';
import { loadCatalogue } from '../node/read.ts';
import { ALBUM_SIZES, albumSources, albumSrcSet, firstTileImage, lcpTileIndex, squareSize } from './media.ts';
import { isPlayable, posterFor, videoFormat, viewerSrcSet } from './viewer-media.ts';
import { galleryLayout } from '../kinds.ts';
import { cardSizes, responsive, SIZES, thumbBase } from './images.ts';
import { filterProducts, iconFor, productHref } from './products.ts';
import { fillText } from '../placeholders.ts';

const built = loadCatalogue();
if (!built.ok) throw new Error('The manifest is invalid: run `npm run check`.');
const c = built.catalogue;
const products = c.products as readonly ApiProduct[];
const section = (path: string, id: string) => {
  const s = c.pages.find((p) => p.path === path)?.sections.find((x) => x.id === id);
  if (!s) throw new Error(`no section ${id} on ${path}`);
  return s;
};

describe('placeholders', () => {
  it('fills known values, lower-cases on request and leaves unknown ones', () => {
    expect(fillText('{n} {mediaType} available', { n: 3, mediaType: 'videos' })).toBe('3 videos available');
    expect(fillText('Back to {name}', { name: 'Pool Cages' })).toBe('Back to Pool Cages');
    expect(fillText('Photos of {name|lower}', { name: 'Wood Blinds' })).toBe('Photos of wood blinds');
    expect(fillText('{n} of {total}', { n: 0 })).toBe('0 of {total}');
  });
});

describe('product cards', () => {
  it('screen applications: screens/motorized-screens without the media companions', () => {
    const s = section('/screens', 'applications');
    const shown = filterProducts(products, s.filter);
    expect(shown.map((p) => p.type)).toEqual([
      'covered-porches',
      'pergolas',
      'garage-doors',
      'pool-cages',
      'screen-door',
    ]);
    expect(shown.map((p) => productHref(s, p))).toEqual(shown.map((p) => `/screens/motorized-screens/${p.type}`));
    expect(shown.map((p) => iconFor(s, p))).toEqual(['porch', 'pergola', 'garage', 'pool', 'door']);
  });
  it('shades collection leaves out the zebra media entries and links by product href', () => {
    const s = section('/interior-window-coverings', 'shades');
    const shown = filterProducts(products, s.filter);
    expect(shown.map((p) => p.type)).not.toContain('zebra-shades-videos');
    expect(shown.map((p) => p.type)).not.toContain('zebra-shades-photos');
    // A type with a page of its own is linked there (its gallery is a dialog and a link away); one without, its gallery.
    expect(shown.find((p) => p.type === 'roman-shades')?.href).toBe('/roman-shades');
    expect(productHref(s, shown.find((p) => p.type === 'roman-shades') as ApiProduct)).toBe('/roman-shades');
    expect(products.find((p) => p.type === 'wood-blinds')?.href).toBe('/wood-blinds-gallery');
  });
  it('pergola cards: an icon for attached-to-structure, the default otherwise', () => {
    const s = section('/pergolas', 'fixed-roof');
    const shown = filterProducts(products, s.filter);
    expect(shown.map((p) => iconFor(s, p))).toEqual(['house', 'pergola']);
  });
  it('subcategory null keeps only main entries', () => {
    const mains = filterProducts(products, { category: 'screens', subcategory: null });
    expect(mains.map((p) => p.id)).toEqual(['screens']);
  });
});

describe('media helpers', () => {
  const item = (name: string, mimeType: string) =>
    ({ id: 'x', fileId: 'x', name, url: '/f', downloadUrl: '/d', mimeType, kind: 'video' }) as const;
  it('MP4 and WebM play inline; MOV and others do not', () => {
    expect(isPlayable(item('a.mp4', 'video/mp4'))).toBe(true);
    expect(isPlayable(item('a.webm', 'video/webm'))).toBe(true);
    expect(isPlayable(item('a.mov', 'video/quicktime'))).toBe(false);
    expect(videoFormat(item('a.MOV', 'application/octet-stream'))).toBe('mov');
    expect(videoFormat(item('a.avi', 'video/x-msvideo'))).toBe('other');
  });
  it('the viewer chooses among uncropped renditions with true sizes; a poster fits the screen', () => {
    const base = '/media/thumb/f2/v3';
    const photo = {
      ...item('p.jpg', 'image/jpeg'),
      kind: 'image' as const,
      width: 4032,
      height: 3024,
      thumbnailUrl: `${base}/tile`,
    };
    const set = viewerSrcSet(photo) ?? [];
    expect(set.map((s) => s.src)).toEqual([320, 480, 640, 960, 1280, 1600, 2400].map((w) => `${base}/w${w}`));
    expect(set[2]).toEqual({ src: `${base}/w640`, width: 640, height: 480 });
    expect(viewerSrcSet({ ...photo, width: 700, height: 500 })?.at(-1)).toEqual({
      src: `${base}/w960`,
      width: 700,
      height: 500,
    });
    // Without a known size the viewer keeps the single large image.
    expect(viewerSrcSet({ ...photo, width: undefined, height: undefined } as never)).toBeUndefined();
    const video = { ...item('v.mp4', 'video/mp4'), posterUrl: `${base}/large` };
    expect(posterFor(video, 390 * 3)).toBe(`${base}/w1280`);
    expect(posterFor(video, 750)).toBe(`${base}/w960`);
    expect(posterFor(video, 3840)).toBe(`${base}/w1600`);
    expect(posterFor({ ...video, posterUrl: 'https://elsewhere.example/p.jpg' }, 390)).toBe(
      'https://elsewhere.example/p.jpg',
    );
  });
  it('video galleries use square tiles', () => {
    expect(galleryLayout('video-gallery', undefined)).toBe('squares');
    expect(galleryLayout('media-gallery', 'videos')).toBe('squares');
    expect(galleryLayout('media-gallery', 'images')).toBe('masonry');
  });
  it('tiles take their srcset from the width ladder under the thumbnail base, never past the photo', () => {
    const base = '/media/thumb/f1/v1';
    const photo = (width: number | undefined, height: number | undefined) => ({
      ...item('p.jpg', 'image/jpeg'),
      kind: 'image' as const,
      ...(width && height ? { width, height } : {}),
      mediumUrl: `${base}/medium`,
      largeUrl: `${base}/large`,
      thumbnailUrl: `${base}/tile`,
    });
    expect(albumSources(photo(900, 1500))).toEqual([`${base}/medium`, `${base}/large`, '/f']);
    expect(albumSrcSet(photo(900, 1500))).toBe(
      `${base}/w320 320w, ${base}/w480 480w, ${base}/w640 640w, ${base}/w960 900w`,
    );
    expect(firstTileImage([photo(900, 1500)], 'masonry')).toEqual({
      href: `${base}/medium`,
      srcSet: albumSrcSet(photo(900, 1500)),
      sizes: ALBUM_SIZES,
    });
    // The tallest of the first screenful is the largest paint of a masonry album.
    const wide = {
      ...photo(1600, 900),
      thumbnailUrl: '/media/thumb/f2/v1/tile',
      mediumUrl: '/media/thumb/f2/v1/medium',
    };
    expect(lcpTileIndex([wide, photo(900, 1500)], 'masonry')).toBe(1);
    expect(lcpTileIndex([wide, photo(900, 1500)], 'squares')).toBe(0);
    expect(firstTileImage([photo(900, 1500)], 'squares')).toEqual({
      href: `${base}/tile`,
      srcSet: `${base}/s200 200w, ${base}/s400 400w, ${base}/s600 600w, ${base}/s800 800w`,
      sizes: SIZES.square,
    });
    expect(squareSize(photo(300, 200))).toEqual({ width: 200, height: 200 });
    // Unknown size: taken as 4:3 up to 1600 px (renditions never enlarge).
    expect(albumSrcSet(photo(undefined, undefined))).toMatch(/w1600 1600w$/);
    expect(albumSrcSet({ ...photo(900, 1500), thumbnailUrl: '/elsewhere.jpg', mediumUrl: undefined })).toBeUndefined();
  });
  it('responsive(): ladder steps below the width, then one at or above it with the true width', () => {
    const ref = { base: '/media/default/abc/hero.jpg', width: 1000, height: 500 };
    expect(responsive(ref)).toEqual({
      src: '/media/default/abc/hero.jpg/w960',
      srcSet: [320, 480, 640, 960].map((w) => `${ref.base}/w${w} ${w}w`).join(', ') + `, ${ref.base}/w1280 1000w`,
      width: 1000,
      height: 500,
    });
    expect(responsive({ ...ref, width: 4032, height: 3024 }).srcSet.split(', ')).toHaveLength(7);
    expect(responsive({ ...ref, width: 200, height: 100 }).srcSet).toBe(`${ref.base}/w320 200w`);
    expect(thumbBase('/media/thumb/a/b/large')).toBe('/media/thumb/a/b');
    expect(thumbBase('/defaults/x.jpg')).toBeUndefined();
    expect(cardSizes(2)).not.toBe(cardSizes(3));
  });
});
