import { describe, expect, it } from 'vitest';
import { ACCEPT_IMAGES, fileProblem } from './checks.ts';
import { MAX_UPLOAD_BYTES } from '../../engine/shared/staff.ts';

// The image manager's texts as manifest/pages.yaml has them.
const texts = {
  notImage: 'Please drop an image file',
  tooLarge: 'Image is too large ({n}MB). Please use an image smaller than 10MB.',
};

describe('fileProblem: the browser-side upload checks', () => {
  it('lets an image of at most 10 MB through', () => {
    expect(fileProblem({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES }, texts)).toBeNull();
  });

  it('refuses a non-image with the spec message', () => {
    expect(fileProblem({ type: 'text/plain', size: 10 }, texts)).toBe('Please drop an image file');
    expect(fileProblem({ type: '', size: 10 }, texts)).toBe('Please drop an image file');
  });

  it('refuses an image over 10 MB, saying its size', () => {
    expect(fileProblem({ type: 'image/png', size: 11 * 1024 * 1024 }, texts)).toBe(
      'Image is too large (11.0MB). Please use an image smaller than 10MB.',
    );
  });

  it.each([
    ['image/heic', 'IMG_0001.HEIC'],
    ['image/heif', 'IMG_0002.heif'],
    ['image/heic', undefined],
    // Chromium and Firefox give a HEIC no type: its name decides.
    ['', 'IMG_0003.HEIC'],
    ['', 'photo.heif'],
    ['application/octet-stream', 'IMG_0004.heic'],
  ])('accepts a phone photo of type %j named %j', (type, name) => {
    expect(fileProblem({ type, size: 2 * 1024 * 1024, ...(name ? { name } : {}) }, texts)).toBeNull();
  });

  it('still refuses a HEIC over 10 MB, and a file that only looks like one', () => {
    expect(fileProblem({ type: '', name: 'IMG_0005.HEIC', size: 12 * 1024 * 1024 }, texts)).toMatch(/too large/);
    expect(fileProblem({ type: '', name: 'IMG_0005.heic.txt', size: 10 }, texts)).toBe('Please drop an image file');
  });

  it('offers HEIC in the picker by extension', () => {
    expect(ACCEPT_IMAGES.split(',')).toEqual(expect.arrayContaining(['image/*', '.heic', '.heif']));
  });
});
