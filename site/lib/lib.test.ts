import { balancedColumns } from './grid.ts';
import { describe, expect, it } from 'vitest';
import { isNavActive } from './nav.ts';
import { testCatalogue } from '../test/catalogue.ts';

const c = testCatalogue();

describe('nav active rule', () => {
  const active = (path: string) => c.site.nav.filter((n) => isNavActive(n, path)).map((n) => n.href);
  it('matches / exactly and the others by prefix or alsoActiveOn', () => {
    expect(active('/')).toEqual(['/']);
    expect(active('/screens')).toEqual(['/screens']);
    expect(active('/screens/motorized-screens/pool-cages/videos')).toEqual(['/screens']);
    expect(active('/outdoor-screens')).toEqual(['/screens']);
    expect(active('/pergola-multi-zone-images')).toEqual(['/pergolas']);
    expect(active('/aluminum-pergolas')).toEqual(['/pergolas']);
    expect(active('/retractable-awning-videos')).toEqual(['/retractable-awnings']);
    expect(active('/roman-shades-gallery')).toEqual(['/interior-window-coverings']);
    expect(active('/zebra-shades-photos')).toEqual(['/interior-window-coverings']);
    expect(active('/this-page-does-not-exist')).toEqual([]);
  });
  it('does not take a longer name for a prefix', () => {
    expect(isNavActive({ label: 'S', href: '/screens', match: 'prefix', alsoActiveOn: [] }, '/screensaver')).toBe(
      false,
    );
  });
});

describe('balancedColumns', () => {
  it('never leaves one card alone in the last row, and gives one card the whole row', () => {
    for (let n = 2; n <= 12; n++) {
      const cols = balancedColumns(n);
      expect(n % cols, `${n} cards in ${cols} columns`).not.toBe(1);
    }
    expect(balancedColumns(1)).toBe(1);
    expect(balancedColumns(6)).toBe(3);
    expect(balancedColumns(4)).toBe(4);
  });
});
