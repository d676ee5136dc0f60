import { dump, load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import {
  buildCatalogue,
  catalogueIn,
  formatProblem,
  formatText,
  pageLanguages,
  publishedIn,
  translationStatus,
  type Catalogue,
} from './index.ts';
import { mapTexts } from './localize.ts';
import { loadCatalogue, readManifest } from './node/read.ts';
import { buildLanguagesFixture, LANGUAGES_FIXTURE } from './node/languages-fixture.ts';

const FIXTURE = LANGUAGES_FIXTURE;
const build = buildLanguagesFixture;

const page = (c: Catalogue, path: string) => {
  const found = c.pages.find((p) => p.path === path);
  if (!found) throw new Error(`no page ${path}`);
  return found;
};

describe('languages in the manifest', () => {
  it('plain texts stay valid and mean the default language; a site without languages is English', () => {
    const c = loadCatalogue('engine/__fixtures__/minimal');
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    expect(c.catalogue.languages).toEqual(['en']);
    expect(c.catalogue.language).toBe('en');
    expect(c.catalogue.translations).toEqual({});
    expect(page(c.catalogue, '/').heading).toBe('Welcome');
    expect(translationStatus(c.catalogue)).toEqual([]);
  });

  it('keeps the default language in the catalogue and each further language in its own reading', () => {
    const c = build();
    expect(c.languages).toEqual(['en', 'es']);
    expect(page(c, '/').heading).toBe('Welcome');
    expect(c.site.nav.map((n) => n.label)).toEqual(['Overview', 'Pergolas']);
    expect(c.products[0]?.name).toBe('Pergolas');
    const es = catalogueIn(c, 'es');
    expect(es.language).toBe('es');
    expect(page(es, '/').heading).toBe('Bienvenidos');
    expect(es.site.nav.map((n) => n.label)).toEqual(['Inicio', 'Pérgolas']);
    expect(es.products[0]?.name).toBe('Pérgolas');
    expect(page(es, '/pergola-images').texts.loading).toBe('Cargando imágenes de pérgolas...');
    // Untranslated: the default language, without any mark.
    expect(page(es, '/pergolas').heading).toBe('Pergolas');
    expect(catalogueIn(c, 'en')).toBe(c);
  });

  it('publishes a language whose shared texts are complete, and each page whose own texts are', () => {
    const c = build();
    expect(publishedIn(c, 'en')).toBe(true);
    expect(publishedIn(c, 'es')).toBe(true);
    expect(pageLanguages(c, page(c, '/'))).toEqual(['en', 'es']);
    expect(pageLanguages(c, page(c, '/pergola-images'))).toEqual(['en', 'es']);
    expect(pageLanguages(c, page(c, '/pergolas'))).toEqual(['en']);
    expect(c.translations['es']?.pages[page(c, '/pergolas').id]).toEqual([
      { key: 'pages./pergolas.heading', file: FIXTURE, line: 34, col: 14, source: 'Pergolas' },
    ]);
  });

  it('publishes no page of a language while one shared text is missing', () => {
    const c = build((t) => t.replace('refresh: { en: Refresh, es: Actualizar }', 'refresh: Refresh'));
    expect(publishedIn(c, 'es')).toBe(false);
    expect(c.translations['es']?.shared).toEqual([
      { key: 'ui.refresh', file: FIXTURE, line: 13, col: 12, source: 'Refresh' },
    ]);
    expect(pageLanguages(c, page(c, '/'))).toEqual(['en']);
    expect(translationStatus(c)).toMatchInlineSnapshot(`
      [
        "Spanish (es): not published: 1 shared text missing (ui, navigation, footer, contact, consultation form, not-found page).",
        "    engine/__fixtures__/languages/catalogue.yaml:13:12  ui.refresh",
        "  2 of 3 pages have their own texts translated (published once the shared texts are).",
        "  1 page waits for texts:",
        "  /pergolas: 1 text missing",
        "    engine/__fixtures__/languages/catalogue.yaml:34:14  pages./pergolas.heading",
        "  15 translations not yet reviewed (no review mark): after review, npm run translations -- --mark-current <page|key|--all>.",
      ]
    `);
  });

  it('counts a text without words (a placeholder, a figure) as the same in every language', () => {
    const c = build((t) => t.replace('heading: Pergolas', "heading: '{n}'"));
    expect(pageLanguages(c, page(c, '/pergolas'))).toEqual(['en', 'es']);
  });

  it('counts a family variable only where it lands in a text, not in a setting (an href, a subcategory)', () => {
    // The real manifest with one family variable that lands in a text (a gallery heading) in English only.
    const english = "galleryHeading: '{name} - Gallery'";
    const sources = readManifest().sources.map((s) => ({
      ...s,
      text: s.text.replace(
        /galleryHeading:\n +en: ('[^'\n]*')\n +es: '[^'\n]*'(\n +reviewed: \{[^}\n]*\})?/,
        'galleryHeading: $1',
      ),
    }));
    expect(sources.some((s) => s.text.includes(english))).toBe(true);
    const built = buildCatalogue(sources);
    if (!built.ok) throw new Error('the real manifest is not valid');
    const keys = Object.values(built.catalogue.translations['es']?.pages ?? {}).flatMap((m) => m.map((t) => t.key));
    expect(keys).toContain('families.interior-types.vars.galleryHeading');
    expect(keys.filter((k) => /\.vars\.(href|subcategory)$/.test(k))).toEqual([]);
  });

  it('formats a plural message in each language, and plain placeholders as before', () => {
    const c = build();
    const en = c.ui.imagesAvailable ?? '';
    expect(formatText(en, { count: 1 }, c.messages, c.language)).toBe('1 image available');
    expect(formatText(en, { count: 12 }, c.messages, c.language)).toBe('12 images available');
    const es = catalogueIn(c, 'es');
    const text = es.ui.imagesAvailable ?? '';
    expect(formatText(text, { count: 1 }, es.messages, es.language)).toBe('1 imagen disponible');
    expect(formatText(text, { count: 12 }, es.messages, es.language)).toBe('12 imágenes disponibles');
    expect(formatText('{n} of {name|lower}', { n: 3, name: 'Pergolas' }, c.messages, 'en')).toBe('3 of pergolas');
    const mixed = '{count, plural, one {# photo of {name|lower}} other {# photos of {name|lower}}}';
    const compiled = build((t) => t.replace("count: { en: '{n} images available'", `count: { en: '${mixed}'`));
    expect(formatText(mixed, { count: 2, name: 'Pergolas' }, compiled.messages, 'en')).toBe('2 photos of pergolas');
  });

  it("reads a message's case text as text, not as a placeholder (one {image}), and its placeholders as such", () => {
    const message = (en: string) => (t: string) => t.replace('heading: { en: Welcome,', `heading: { en: '${en}',`);
    expect(build(message('{count, plural, one {image} other {images}}')).pages[0]?.heading).toContain('one {image}');
    expect(() => build(message('{count, plural, one {image of {thing}} other {images}}'))).toThrow(
      "'{thing}' is a placeholder that nothing fills.",
    );
  });

  it('locates a malformed message, a text in an unknown language and a text without its default', () => {
    const result = loadCatalogue('engine/__fixtures__/bad-malformed-message');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => formatProblem(p).replace('engine/__fixtures__/', ''))).toMatchInlineSnapshot(`
      [
        "bad-malformed-message/catalogue.yaml:12:18  This message cannot be read (invalid argument type), so it could not be shown.  (The type after the name is one of plural, select, selectordinal, number, date, time.)",
        "bad-malformed-message/catalogue.yaml:13:27  This text has a value in 'fr', but site.languages is [en, es], so it is never shown.  (Add 'fr' to site.languages, or correct the language code.)",
        "bad-malformed-message/catalogue.yaml:14:13  This text gives values per language but none in 'en', the default language (the first of site.languages).  (Add 'en: ...' to it: every other language falls back to it.)",
        "bad-malformed-message/catalogue.yaml:18:5  This message cannot be read (expect plural argument selector fragment), so it could not be shown.  (Each case is a key and a text in braces: 'one {# image} other {# images}'.)",
      ]
    `);
  });

  it('reads the real manifest in English exactly as the same manifest written in English alone', () => {
    const { sources } = readManifest();
    const built = buildCatalogue(sources);
    // The same files with every text per language replaced by its English value, and no languages.
    const english = sources.map((s) => {
      const data = load(s.text) as Record<string, unknown>;
      const plain = mapTexts(data, (t) => (typeof t === 'string' ? t : t['en'])) as Record<string, unknown>;
      const site = plain['site'] as Record<string, unknown> | undefined;
      if (site) delete site['languages'];
      return { file: s.file, text: dump(plain) };
    });
    const plain = buildCatalogue(english);
    expect(built.ok && plain.ok).toBe(true);
    if (!built.ok || !plain.ok) return;
    const shape = (c: Catalogue) => ({
      ...c,
      site: { ...c.site, languages: undefined },
      languages: [],
      translations: {},
    });
    expect(JSON.stringify(shape(plain.catalogue))).toBe(JSON.stringify(shape(built.catalogue)));
  });
});
