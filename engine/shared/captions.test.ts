import { describe, expect, it } from 'vitest';
import { captionOf, pagePathOf, photoPath, photoSlugs, splitPhotoPath, titleFromName } from './captions.ts';

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

describe('captionOf', () => {
  it('prefers the stored caption', () => {
    expect(captionOf({ name: 'a-b-c.jpg', caption: ' A pergola by the pool ' })).toBe('A pergola by the pool');
    expect(captionOf({ name: 'a-b-c.jpg', caption: '  ' })).toBe('A b: c');
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
