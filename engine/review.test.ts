import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { buildCatalogue, formatProblem, pageLanguages, translationStatus, type Catalogue } from './index.ts';
import { markCurrent, type MarkTarget } from './mark-current.ts';
import { readManifest } from './node/read.ts';
import { reviewMark } from './review.ts';
import { sha256Hex } from './sha256.ts';
import type { SourceFile } from './source.ts';

const FIXTURE = 'engine/__fixtures__/languages/catalogue.yaml';
const fixture: SourceFile[] = [{ file: FIXTURE, text: readFileSync(FIXTURE, 'utf8') }];

function build(files: readonly SourceFile[]): Catalogue {
  const result = buildCatalogue(files);
  if (!result.ok) throw new Error(result.problems.map((p) => formatProblem(p)).join('\n'));
  return result.catalogue;
}

function mark(files: readonly SourceFile[], target: MarkTarget): SourceFile[] {
  const outcome = markCurrent(files, target);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return [...outcome.files];
}

const edit = (files: readonly SourceFile[], from: string, to: string): SourceFile[] =>
  files.map((f) => {
    if (!f.text.includes(from)) return f;
    return { file: f.file, text: f.text.replace(from, to) };
  });

const keys = (list: readonly { key: string }[] | undefined): string[] => (list ?? []).map((t) => t.key);
const pageId = (c: Catalogue, path: string): string => c.pages.find((p) => p.path === path)?.id ?? path;

describe('review marks', () => {
  it('a review mark is the first 8 hex digits of the SHA-256 of the UTF-8 text', () => {
    for (const text of ['', 'Pergolas', 'Pérgolas a medida 😀', 'y'.repeat(300)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
    expect(reviewMark('Welcome')).toBe(createHash('sha256').update('Welcome').digest('hex').slice(0, 8));
  });

  it('lists a translation without a mark as unreviewed, a marked one as neither, a changed source as stale', () => {
    const before = build(fixture);
    const home = pageId(before, '/');
    const es = before.translations['es'];
    expect(keys(es?.unreviewed.pages[home])).toEqual(['pages./.heading']);
    expect(keys(es?.unreviewed.shared)).toContain('ui.refresh');
    expect(keys(es?.stale.pages[home])).toEqual([]);
    expect(es?.unreviewed.pages[home]?.[0]).toMatchObject({ source: 'Welcome', translation: 'Bienvenidos' });

    const marked = mark(fixture, 'all');
    const current = build(marked).translations['es'];
    expect(Object.values(current?.unreviewed.pages ?? {}).flat()).toEqual([]);
    expect(current?.unreviewed.shared).toEqual([]);
    expect(current?.stale.shared).toEqual([]);

    const changed = build(edit(marked, 'en: Welcome,', 'en: Welcome home,'));
    const stale = changed.translations['es'];
    expect(stale?.stale.pages[home]).toEqual([
      {
        key: 'pages./.heading',
        file: FIXTURE,
        // One line below where it was: the marks of a block map above it took a line.
        line: 30,
        col: 14,
        source: 'Welcome home',
        translation: 'Bienvenidos',
      },
    ]);
    expect(stale?.unreviewed.pages[home]).toEqual([]);
    // A stale page stays published.
    expect(pageLanguages(changed, changed.pages.find((p) => p.id === home) ?? changed.pages[0]!)).toEqual(['en', 'es']);
    expect(translationStatus(changed).slice(1)).toMatchInlineSnapshot(`
      [
        "  1 page waits for texts:",
        "  /pergolas: 1 text missing",
        "    engine/__fixtures__/languages/catalogue.yaml:35:14  pages./pergolas.heading",
        "  1 stale text (the default-language text changed since the translation was reviewed):",
        "  /:",
        "    engine/__fixtures__/languages/catalogue.yaml:30:14  pages./.heading",
      ]
    `);
  });

  it('marks one page, the shared texts or one key, and says so when the target is unknown', () => {
    const c = build(fixture);
    const page = build(mark(fixture, { page: '/pergola-images' })).translations['es'];
    expect(page?.unreviewed.pages[pageId(c, '/pergola-images')]).toEqual([]);
    expect(keys(page?.unreviewed.pages[pageId(c, '/')])).toEqual(['pages./.heading']);
    const shared = build(mark(fixture, 'shared')).translations['es'];
    expect(shared?.unreviewed.shared).toEqual([]);
    const key = build(mark(fixture, { key: 'ui.refresh' })).translations['es'];
    expect(keys(key?.unreviewed.shared)).not.toContain('ui.refresh');
    expect(keys(key?.unreviewed.shared)).toContain('ui.imagesAvailable');
    expect(markCurrent(fixture, { page: '/nowhere' })).toEqual({ ok: false, unknown: '/nowhere' });
    expect(markCurrent(fixture, { key: 'ui.nothing' })).toEqual({ ok: false, unknown: 'ui.nothing' });
  });

  it('writes the marks into the flow and block maps of the real manifest, keeping everything else', () => {
    /** The file with its marks taken out: what is left is the file as it was, comments and layout included. */
    const unmarked = (text: string): string =>
      text
        .replace(/\n *reviewed: \{ [^}]* \},/g, '')
        .replace(/,(\n *| )reviewed: \{ [^}]* \}/g, '')
        .replace(/^ *reviewed: \{ [^}]* \}\n/gm, '');
    // The shipped manifest is reviewed throughout: nothing to mark.
    const shipped = readManifest().sources;
    const again = markCurrent(shipped, 'all');
    expect(again.ok && again.marked === 0 && again.changed.length === 0).toBe(true);
    const sources = shipped.map((s) => ({ ...s, text: unmarked(s.text) }));
    expect(build(sources).translations['es']?.unreviewed.shared.length).toBeGreaterThan(10);
    const once = markCurrent(sources, 'all');
    expect(once.ok).toBe(true);
    if (!once.ok) return;
    expect(once.marked).toBeGreaterThan(100);
    for (const [i, src] of sources.entries()) {
      const out = once.files[i]?.text ?? '';
      expect(unmarked(out), src.file).toBe(src.text);
      if (out !== src.text) expect(src.text.match(/#/g)?.length, src.file).toBe(out.match(/#/g)?.length);
      expect(load(out), src.file).toBeTruthy();
    }
    const after = build(once.files);
    for (const t of Object.values(after.translations)) {
      expect([...t.stale.shared, ...t.unreviewed.shared]).toEqual([]);
      expect(Object.values({ ...t.stale.pages, ...t.unreviewed.pages }).flat()).toEqual([]);
    }
    // A second run has nothing left to mark.
    const twice = markCurrent(once.files, 'all');
    expect(twice.ok && twice.marked === 0 && twice.changed.length === 0).toBe(true);
  });

  it('replaces a stale mark in place, in a block map as in a flow one', () => {
    const block = edit(
      fixture,
      'heading: { en: Welcome, es: Bienvenidos }',
      'heading:\n      en: Welcome # the greeting\n      es: Bienvenidos\n      reviewed:\n        es: 0000abcd',
    );
    const text = mark(block, { key: 'pages./.heading' })[0]?.text ?? '';
    expect(text).toContain(
      `en: Welcome # the greeting\n      es: Bienvenidos\n      reviewed:\n        es: ${reviewMark('Welcome')}\n`,
    );
    const flow = edit(
      fixture,
      'refresh: { en: Refresh, es: Actualizar }',
      "refresh: { en: Refresh, es: Actualizar, reviewed: { es: '12345678' } }",
    );
    const out = mark(flow, { key: 'ui.refresh' })[0]?.text ?? '';
    expect(out).toContain('refresh: { en: Refresh, es: Actualizar, reviewed: { es: ');
    // This mark reads as a number in YAML (0e916101), so it is written quoted.
    expect(reviewMark('Refresh')).toBe('0e916101');
    expect(out).toContain("reviewed: { es: '0e916101' } }");
    expect((load(out) as { ui: { refresh: { reviewed: unknown } } }).ui.refresh.reviewed).toEqual({ es: '0e916101' });
  });

  it('locates a review mark for a language that is not a further one, and a malformed mark', () => {
    const result = buildCatalogue([
      {
        file: 'engine/__fixtures__/bad-review-marks/catalogue.yaml',
        text: readFileSync('engine/__fixtures__/bad-review-marks/catalogue.yaml', 'utf8'),
      },
    ]);
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => formatProblem(p).replace('engine/__fixtures__/', ''))).toMatchInlineSnapshot(`
      [
        "bad-review-marks/catalogue.yaml:13:55  This review mark is for 'fr', which is not a further language of the site (site.languages is [en, es]; the first is the default, whose text translations are reviewed against), so it marks nothing.  (Remove reviewed.fr, or correct the language code.)",
        "bad-review-marks/catalogue.yaml:29:62  'not-a-mark' is not a review mark (the first 8 hex digits, 0-9 and a-f, of the SHA-256 of the default-language text), so this translation cannot be told current or stale.  (Review the translation, then write its mark with npm run translations -- --mark-current <key>, or remove this one.)",
        "bad-review-marks/catalogue.yaml:47:11  This review mark is for 'en', which is not a further language of the site (site.languages is [en, es]; the first is the default, whose text translations are reviewed against), so it marks nothing.  (Remove reviewed.en, or correct the language code.)",
      ]
    `);
  });
});
