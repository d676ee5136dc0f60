import { describe, expect, it } from 'vitest';
import { alternatesOf, languageOf, linkIn, siteIn } from './index.ts';
import { buildLanguagesFixture as build } from './node/languages-fixture.ts';
import { loadCatalogue } from './node/read.ts';
import { sitemapXml } from './outputs.ts';

describe('the addresses of each language', () => {
  it('puts the pages published in a further language under its prefix, and no other page', () => {
    const es = siteIn(build(), 'es');
    expect(es.language).toBe('es');
    expect(es.pages.map((p) => p.path)).toEqual(['/es', '/es/pergola-images']);
    expect(es.pages[0]?.heading).toBe('Bienvenidos');
    expect(es.pages[0]?.meta.canonical).toBe('/es');
    expect(es.sitemap).toEqual([
      { path: '/es', loc: 'https://test.example/es' },
      { path: '/es/pergola-images', loc: 'https://test.example/es/pergola-images' },
    ]);
  });

  it('points a link at the page in the language where it is published there, else at the default language', () => {
    const c = build();
    const es = siteIn(c, 'es');
    expect(es.site.nav.map((n) => [n.label, n.href])).toEqual([
      ['Inicio', '/es'],
      ['Pérgolas', '/pergolas'],
    ]);
    expect(linkIn(c, 'es', '/pergola-images?x=1#top')).toBe('/es/pergola-images?x=1#top');
    expect(linkIn(c, 'es', '/media/file.jpg')).toBe('/media/file.jpg');
    expect(linkIn(c, 'es', 'https://elsewhere.example/')).toBe('https://elsewhere.example/');
    expect(linkIn(c, 'en', '/pergola-images')).toBe('/pergola-images');
    // Translated, the page moves to its Spanish address and the link follows.
    const all = build((t) => t.replace('heading: Pergolas', 'heading: { en: Pergolas, es: Pérgolas }'));
    expect(siteIn(all, 'es').site.nav[1]?.href).toBe('/es/pergolas');
  });

  it('keeps the default language at its own paths, and tells the language of an address', () => {
    const c = build();
    expect(siteIn(c, 'en')).toBe(c);
    expect(languageOf(c, '/es')).toEqual({ language: 'es', path: '/' });
    expect(languageOf(c, '/es/pergola-images/photo/a')).toEqual({ language: 'es', path: '/pergola-images/photo/a' });
    expect(languageOf(c, '/essay')).toEqual({ language: 'en', path: '/essay' });
    // A language whose shared texts are incomplete has no addresses.
    const unpublished = build((t) => t.replace('refresh: { en: Refresh, es: Actualizar }', 'refresh: Refresh'));
    expect(languageOf(unpublished, '/es')).toEqual({ language: 'en', path: '/es' });
  });

  it('gives the switcher every language, with the address of each the page is in (a photo: the same photo)', () => {
    const c = build();
    expect(alternatesOf(c, '/pergola-images/photo/deck')).toEqual([
      { language: 'en', name: 'English', href: '/pergola-images/photo/deck' },
      { language: 'es', name: 'Español', href: '/es/pergola-images/photo/deck' },
    ]);
    expect(alternatesOf(c, '/pergolas')).toEqual([
      { language: 'en', name: 'English', href: '/pergolas' },
      { language: 'es', name: 'Español' },
    ]);
  });

  it('lists each page of the sitemap in each of its languages, with the same alternates on each', () => {
    const xml = sitemapXml(build());
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>([\s\S]*?)<\/url>/g)].map((m) => ({
      loc: m[1],
      links: [...(m[2] ?? '').matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((l) => `${l[1]} ${l[2]}`),
    }));
    const home = ['en https://test.example/', 'es https://test.example/es', 'x-default https://test.example/'];
    expect(urls).toEqual([
      { loc: 'https://test.example/', links: home },
      { loc: 'https://test.example/es', links: home },
      { loc: 'https://test.example/pergolas', links: [] },
      {
        loc: 'https://test.example/pergola-images',
        links: [
          'en https://test.example/pergola-images',
          'es https://test.example/es/pergola-images',
          'x-default https://test.example/pergola-images',
        ],
      },
      {
        loc: 'https://test.example/es/pergola-images',
        links: [
          'en https://test.example/pergola-images',
          'es https://test.example/es/pergola-images',
          'x-default https://test.example/pergola-images',
        ],
      },
    ]);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it('publishes the real manifest in Spanish but for the page left in English on purpose', () => {
    const built = loadCatalogue('manifest');
    if (!built.ok) throw new Error('the real manifest is not valid');
    const c = built.catalogue;
    const es = siteIn(c, 'es');
    // The not-found page and the consultation form are shared: published with the language.
    expect(es.pages.some((p) => p.path === '/*')).toBe(true);
    expect(es.pages.some((p) => p.kind === 'consultation' && p.path.startsWith('/es/'))).toBe(true);
    expect(es.pages.every((p) => !p.staff)).toBe(true);
    const visitor = c.pages.filter((p) => !p.staff && p.path !== '/*');
    const missing = visitor.filter((p) => !es.pages.some((q) => q.id === p.id)).map((p) => p.path);
    expect(missing).toEqual(['/motorized-shades-videos']);
  });
});
