import { describe, expect, it } from 'vitest';
import type { ApiProduct } from '../api.ts';
import { loadCatalogue } from '../node/read.ts';
import {
  ALBUM_SIZES,
  albumSources,
  albumSrcSet,
  firstTileImage,
  galleryLayout,
  isPlayable,
  videoFormat,
} from './media.ts';
import { filterProducts, iconFor, productHref } from './products.ts';
import { fillText } from './text.ts';

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
    expect(shown.find((p) => p.type === 'roman-shades')?.href).toBe('/roman-shades-gallery');
    expect(productHref(s, shown.find((p) => p.type === 'roman-shades') as ApiProduct)).toBe('/roman-shades-gallery');
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
  it('video galleries use square tiles', () => {
    expect(galleryLayout('video-gallery', undefined)).toBe('squares');
    expect(galleryLayout('media-gallery', 'videos')).toBe('squares');
    expect(galleryLayout('media-gallery', 'images')).toBe('masonry');
  });
  it('photo-album tiles load the medium rendition, with the large one in srcset at real widths', () => {
    const photo = (width: number, height: number) => ({
      ...item('p.jpg', 'image/jpeg'),
      kind: 'image' as const,
      width,
      height,
      mediumUrl: '/m',
      largeUrl: '/l',
      thumbnailUrl: '/t',
    });
    expect(albumSources(photo(900, 1500))).toEqual(['/m', '/l', '/f']);
    expect(firstTileImage([photo(900, 1500)], 'masonry')).toEqual({
      href: '/m',
      srcSet: '/m 360w, /l 900w',
      sizes: ALBUM_SIZES,
    });
    expect(firstTileImage([{ ...photo(1, 1), width: undefined }], 'masonry')).toEqual({ href: '/m' });
    expect(firstTileImage([photo(900, 1500)], 'squares')).toEqual({ href: '/t' });
    expect(albumSrcSet(photo(900, 1500))).toBe('/m 360w, /l 900w');
    expect(albumSrcSet(photo(4000, 3000))).toBe('/m 600w, /l 1600w');
    expect(albumSrcSet(photo(300, 200))).toBe('/m 300w');
    expect(albumSrcSet({ ...photo(1, 1), width: undefined })).toBeUndefined();
  });
});
