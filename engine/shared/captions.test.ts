import { describe, expect, it } from 'vitest';
import {
  captionOf,
  captionsOf,
  galleryTitle,
  isCameraName,
  pagePathOf,
  photoPath,
  photoSlugs,
  splitPhotoPath,
  titleFromName,
} from './captions.ts';

describe('titleFromName', () => {
  it.each([
    ['covered-porches-videos-installation.mov', 'Covered porches: installation'],
    ['covered-porches-installation.mov', 'Covered porches: installation'],
    ['pergola-fixed-roof-02.jpg', 'Pergola fixed roof 2'],
    ['IMG_1234.HEIC', 'IMG 1234'],
    ['patio.jpg', 'Patio'],
    ['Back Yard.jpeg', 'Back yard'],
  ])('%s -> %s', (name, title) => {
    expect(titleFromName(name)).toBe(title);
  });

  it('never keeps the extension', () => {
    for (const name of ['a.jpg', 'x-y-z.mp4', 'IMG_0001.MOV', 'one two three.webp'])
      expect(titleFromName(name)).not.toMatch(/\.(jpe?g|mp4|mov|webp)$/i);
  });
});

describe('isCameraName: a name a camera or an app gave is no title', () => {
  it.each([
    // Each prefix, followed by numbers or a date-time.
    'IMG_1234.HEIC',
    'img_0001.jpg',
    'IMG_20240611_143015.jpg',
    'IMG-20240611-WA0003.jpg',
    'IMG_1234 (1).jpg',
    'IMG_1234 copy.jpg',
    'DSC_0001.JPG',
    'DSC01234.JPG',
    'DSCN0001.JPG',
    'DSCF0001.JPG',
    'PXL_20240611_143015123.jpg',
    'PXL_20240611_143015123.MP.jpg',
    'PXL_20240611_143015123.PORTRAIT.jpg',
    'VID_20240611_143015.mp4',
    'VID-20240611-WA0001.mp4',
    'MVIMG_20190101_120000.jpg',
    'DJI_0001.JPG',
    'DJI_20240611143015_0001_D.JPG',
    'GOPR0001.JPG',
    'GH010001.MP4',
    'Screenshot_20240611-143015.png',
    'Screenshot 2024-06-11 at 14.30.15.png',
    'Screen Shot 2024-06-11 at 2.30.15 PM.png',
    'Screenshot_2024-06-11-14-30-15-123_com.android.chrome.jpg',
    'Screenshot_20240611-143015_Chrome.jpg',
    'WhatsApp Image 2024-06-11 at 14.30.15.jpeg',
    'WhatsApp Image 2024-06-11 at 14.30.15 (1).jpeg',
    'WhatsApp Video 2024-06-11 at 14.30.15.mp4',
    // A bare date-time.
    '20240611_143015.jpg',
    '2024-06-11 14.30.15.jpg',
    '20240611_143015(0).jpg',
    '20240611T143015Z.jpg',
  ])('%s', (name) => {
    expect(isCameraName(name)).toBe(true);
  });

  it.each([
    'pergola-fixed-roof-02.jpg',
    'covered-porches-videos-installation.mov',
    'patio.jpg',
    'Back Yard.jpeg',
    'IMG pool deck.jpg',
    'IMG_1234 pool deck at dusk.jpg',
    'DSC_Patio.jpg',
    'IMG.jpg',
    'Screenshot.png',
    '2024-06-11 patio install.jpg',
    '2024 catalogue.jpg',
    'Louvered roof 20240611.jpg',
    'Imagine-patio.jpg',
    'video-tour-2.mp4',
    'dji-drone-shot.jpg',
    'Screenshots explained.png',
    'Photo-of-deck.jpg',
  ])('%s stays a title', (name) => {
    expect(isCameraName(name)).toBe(false);
  });
});

describe('captionOf', () => {
  const ui = { photoOfGallery: '{gallery}, photo {n}', videoOfGallery: '{gallery}, video {n}' };
  const place = { gallery: 'Fixed roof attached to structure', ui };
  const photo = (name: string, caption?: string) => ({
    name,
    kind: 'image' as const,
    mimeType: 'image/jpeg',
    ...(caption === undefined ? {} : { caption }),
  });

  it('prefers the stored caption', () => {
    expect(captionOf(photo('a-b-c.jpg', ' A pergola by the pool '), 1, place)).toBe('A pergola by the pool');
    expect(captionOf(photo('IMG_1234.jpg', 'Pool deck'), 5, place)).toBe('Pool deck');
    expect(captionOf(photo('a-b-c.jpg', '  '), 1, place)).toBe('A b: c');
  });

  it("gives a camera's name the gallery's title and the position, from the ui text", () => {
    expect(captionOf(photo('IMG_1234.jpg'), 5, place)).toBe('Fixed roof attached to structure, photo 5');
    expect(captionOf(photo('20240611_143015.jpg'), 1, place)).toBe('Fixed roof attached to structure, photo 1');
    const video = { name: 'VID_20240611_143015.mp4', kind: 'video' as const, mimeType: 'video/mp4' };
    expect(captionOf(video, 2, place)).toBe('Fixed roof attached to structure, video 2');
  });

  it('keeps a real title, and without the ui text falls back to the title from the name', () => {
    expect(captionOf(photo('pergola-fixed-roof-02.jpg'), 3, place)).toBe('Pergola fixed roof 2');
    expect(captionOf(photo('IMG_1234.HEIC'), 3, { gallery: 'G', ui: {} })).toBe('IMG 1234');
  });

  it("makes a caption of a name that reads as a title with the page language's namedPhoto text", () => {
    const english = { ...place, ui: { ...ui, namedPhoto: '{title}', namedVideo: '{title}' } };
    expect(captionOf(photo('roman-shades-01.jpg'), 1, english)).toBe('Roman shades 1');
    // File names are in English: a Spanish page says the gallery's title and the position instead.
    const spanish = {
      gallery: 'Cortinas romanas',
      ui: { namedPhoto: '{gallery}, foto {n}', namedVideo: '{gallery}, video {n}' },
      language: 'es',
    };
    expect(captionOf(photo('roman-shades-01.jpg'), 1, spanish)).toBe('Cortinas romanas, foto 1');
    const clip = { name: 'roman-shades-install.mp4', kind: 'video' as const, mimeType: 'video/mp4' };
    expect(captionOf(clip, 2, spanish)).toBe('Cortinas romanas, video 2');
    // A stored caption still comes first.
    expect(captionOf(photo('roman-shades-01.jpg', 'Sala'), 1, spanish)).toBe('Sala');
  });

  it('numbers a listing from 1, in order', () => {
    const items = [photo('IMG_0001.jpg'), photo('patio.jpg'), photo('IMG_0002.jpg')];
    expect(captionsOf(items, { gallery: 'Patios', ui })).toEqual(['Patios, photo 1', 'Patio', 'Patios, photo 3']);
  });

  it("takes the caption in the page's language, else the default caption, else the title rule", () => {
    const es = {
      ...place,
      gallery: 'Techo fijo adosado a la estructura',
      ui: { photoOfGallery: '{gallery}, foto {n}' },
    };
    const both = { ...photo('IMG_1234.jpg', 'Pool deck'), captions: { es: ' Terraza de la piscina ' } };
    expect(captionOf(both, 1, { ...es, language: 'es' })).toBe('Terraza de la piscina');
    // The default language, or a page with no language given, reads the default caption.
    expect(captionOf(both, 1, { ...place, language: 'en' })).toBe('Pool deck');
    expect(captionOf(both, 1, place)).toBe('Pool deck');
    // No Spanish caption (or only spaces): the English one, then the title rule in the page's texts.
    expect(captionOf(photo('IMG_1234.jpg', 'Pool deck'), 1, { ...es, language: 'es' })).toBe('Pool deck');
    const blank = { ...photo('IMG_1234.jpg'), captions: { es: '  ', pt: 'Deque da piscina' } };
    expect(captionOf(blank, 4, { ...es, language: 'es' })).toBe('Techo fijo adosado a la estructura, foto 4');
    expect(captionOf(blank, 4, { ...es, language: 'pt' })).toBe('Deque da piscina');
    expect(captionsOf([both, photo('patio.jpg')], { ...es, language: 'es' })).toEqual([
      'Terraza de la piscina',
      'Patio',
    ]);
  });

  it("takes the gallery's title as its page shows it", () => {
    expect(galleryTitle({ heading: '{name} Videos' }, { name: 'Patios' })).toBe('Patios Videos');
  });
});

describe('photo slugs and paths', () => {
  it('makes slugs unique within a listing', () => {
    const items = [
      { id: '1', name: 'Porch.jpg' },
      { id: '2', name: 'porch.mov' },
      { id: '3', name: 'porch.mov' },
      { id: '4', name: '.jpg' },
    ];
    expect(photoSlugs(items)).toEqual(['porch', 'porch-mov', 'porch-2', '4']);
  });

  it('splits and joins photo addresses', () => {
    expect(photoPath('/pergola-images', 'a-b')).toBe('/pergola-images/photo/a-b');
    expect(splitPhotoPath('/pergola-images/photo/a-b')).toEqual({ gallery: '/pergola-images', slug: 'a-b' });
    expect(splitPhotoPath('/pergola-images')).toBeNull();
    expect(splitPhotoPath('/photo/x')).toBeNull();
    expect(splitPhotoPath('/g/photo/%E0%A4%A')).toBeNull();
    expect(pagePathOf('/g/photo/x')).toBe('/g');
    expect(pagePathOf('/g')).toBe('/g');
  });
});
