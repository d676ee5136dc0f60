import { expect, it } from 'vitest';
import { parseSlotMap } from './slots.ts';

it('keeps only well-formed slot entries', () => {
  const map = parseSlotMap(
    JSON.stringify({
      'homepage-hero': { imageUrl: '/media/slots/abc.jpg' },
      'screens-hero': { imageUrl: '/x.jpg', url: '/y.jpg' },
      bad1: { imageUrl: 'javascript:alert(1)' },
      bad2: { imageUrl: '//evil.example/x.jpg' },
      bad3: 'nope',
    }),
  );
  expect(map).toEqual({
    'homepage-hero': { imageUrl: '/media/slots/abc.jpg', url: '/media/slots/abc.jpg' },
    'screens-hero': { imageUrl: '/x.jpg', url: '/y.jpg' },
  });
  expect(parseSlotMap('[]')).toEqual({});
});
