import { describe, expect, it } from 'vitest';
import { isSameOrigin } from './origin.ts';
import { readCookie, safeNext } from './session.ts';

describe('helpers', () => {
  it('readCookie finds one cookie among others', () => {
    expect(readCookie('a=1; staff_session=x.y.z; b=2', 'staff_session')).toBe('x.y.z');
    expect(readCookie('a=1', 'staff_session')).toBeUndefined();
    expect(readCookie(undefined, 'staff_session')).toBeUndefined();
  });

  it('safeNext keeps a visitor on this site', () => {
    expect(safeNext('/folder-setup', '/x')).toBe('/folder-setup');
    expect(safeNext('/admin/images?a=1', '/x')).toBe('/admin/images?a=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', 7]) {
      expect(safeNext(bad, '/x')).toBe('/x');
    }
  });

  it('isSameOrigin compares Origin (else Referer) with the host', () => {
    expect(isSameOrigin({ origin: 'http://shop.example:3000' }, 'shop.example:3000')).toBe(true);
    expect(isSameOrigin({ origin: 'http://evil.example' }, 'shop.example:3000')).toBe(false);
    expect(isSameOrigin({ origin: 'null' }, 'shop.example')).toBe(false);
    expect(isSameOrigin({ referer: 'http://shop.example/admin/images' }, 'shop.example')).toBe(true);
    expect(isSameOrigin({ referer: 'http://evil.example/x' }, 'shop.example')).toBe(false);
    // Neither header: refused (no page of the site sends such a POST).
    expect(isSameOrigin({}, 'shop.example')).toBe(false);
  });
});
