import { describe, expect, it } from 'vitest';
import { fileProblem } from './checks.ts';
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
});
