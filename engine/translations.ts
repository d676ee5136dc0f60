/**
 * One policy for untranslated content, for routes, sitemap, hreflang and the language switcher alike:
 * a further language is published only when its shared texts (ui, navigation, footer, contact, the
 * site's meta and claims, figures, the consultation form and the not-found page) are complete, and a
 * page is published in it only when its own texts (and the product it introduces) are translated too.
 * Staff tools stay in the default language. Pure.
 */

import { problem, type Place, type Problem } from './errors.ts';
import { expand } from './expand.ts';
import { isStaffKind, kindOf, takesRequests } from './kinds.ts';
import { languagesOf, mapTexts, textsAlong, textsOf, valueIn, type CataloguePart, type Localized } from './localize.ts';
import { compileMessage, compileMessages, isMessage, messageHint } from './messages.ts';
import type { Catalogue, Page, TextsToReview, TranslatedText, Translation, UntranslatedText } from './model.ts';
import { checkReviewed, reviewState } from './review.ts';
import { isIntro } from './sections.ts';
import type { DataPath, ParsedManifest } from './source.ts';
import type { LocalizedManifestInput, ManifestInput } from './types.ts';

// A text with no value in a language is taken in the default language behind this mark, so that what
// expansion makes of it (a family's pages, a page default on every page of a kind) says what it lacks.
const MARK = /\uE000(\d+)\uE001/g;
const mark = (i: number): string => `\uE000${i}\uE001`;
const unmark = (s: string): string => s.replace(MARK, '');

/** The manifest in its default language; the problems of its texts (languages, messages) go to `found`. */
export function defaultLanguageInput(
  input: LocalizedManifestInput,
  m: ParsedManifest,
  found: Problem[],
): ManifestInput {
  const languages = languagesOf(input);
  const [first = 'en'] = languages;
  for (const t of textsOf(input, first)) {
    checkText(t.path, t.values, languages, m, found);
    checkReviewed(t.path, t.reviewed, languages, m, found);
  }
  return mapTexts(input, (text) => (typeof text === 'string' ? text : (text[first] ?? ''))) as ManifestInput;
}

function checkText(
  path: DataPath,
  values: Readonly<Record<string, string>>,
  languages: readonly string[],
  m: ParsedManifest,
  found: Problem[],
): void {
  const [first = 'en'] = languages;
  for (const language of Object.keys(values)) {
    if (!languages.includes(language)) {
      const args = { language, languages: [...languages] };
      found.push(problem('UnknownLanguage', args, m.locate([...path, language], { key: true })));
    }
  }
  if (values[first] === undefined) found.push(problem('MissingDefaultText', { language: first }, m.locate(path)));
  for (const [language, text] of Object.entries(values)) {
    if (!isMessage(text)) continue;
    const compiled = compileMessage(text);
    if (compiled.ok) continue;
    const at = typeof path[path.length - 1] === 'string' && Object.keys(values).length > 1 ? [...path, language] : path;
    const { kind, line, column } = compiled.error;
    const place = m.locateIn(at, line, column);
    found.push(problem('MalformedMessage', { kind, hint: messageHint(kind) }, place));
  }
}

/** A text the translator's status lists: missing in the language, or translated and due a review. */
interface Listed {
  readonly state: 'missing' | 'stale' | 'unreviewed';
  readonly text: UntranslatedText | TranslatedText;
}

/**
 * The catalogue read in `language` and what it lists there: each text without a value in it is taken
 * in the default language and listed as missing, each translation due a review as stale or
 * unreviewed, shared and per page, at their places.
 */
function translate(input: LocalizedManifestInput, m: ParsedManifest, language: string, languages: readonly string[]) {
  const [first = 'en'] = languages;
  const listed: Listed[] = [];
  const projected = mapTexts(input, (text: Localized, path, reviewed) => {
    const own = valueIn(text, language, first);
    const source = typeof text === 'string' ? text : (text[first] ?? '');
    const state =
      own === undefined
        ? 'missing'
        : typeof text === 'string'
          ? undefined
          : reviewState(text, reviewed, language, first);
    if (state === undefined || state === 'current') return own;
    const key = keyOf(input, path);
    listed.push({
      state,
      text: untranslated({ key, source, ...(own === undefined ? {} : { translation: own }) }, () => m.locate(path)),
    });
    return `${mark(listed.length - 1)}${own ?? source}`;
  }) as ManifestInput;
  const marked = expand(projected, m, []).catalogue;
  // Only texts count: a family variable may also land in a setting (an href, a subcategory).
  const marks = (parts: readonly (readonly [unknown, CataloguePart])[]): Set<number> =>
    new Set(
      parts
        .flatMap(([value, part]) => textsAlong(value, part))
        .flatMap((text) => [...text.matchAll(MARK)].map((hit) => Number(hit[1]))),
    );
  const sharedPages = marked.pages.filter((p) => takesRequests(p.kind) || kindOf(p.kind).status === 404);
  const sharedMarks = marks([
    [marked.ui, 'ui'],
    [marked.site, 'site'],
    [marked.figures, 'figures'],
    [sharedPages, 'pages'],
  ]);
  const pageMarks: Record<string, Set<number>> = {};
  // Products looked up by id: a filter per page would cost pages x products (10,000 members: 30 s).
  const productById = new Map(marked.products.map((p) => [p.id, p]));
  const shared = new Set(sharedPages);
  for (const page of marked.pages) {
    if (isStaffKind(page.kind) || shared.has(page)) continue;
    const ids = new Set([...(page.product ? [page.product] : []), ...introProducts(page)]);
    const products = [...ids].flatMap((id) => productById.get(id) ?? []);
    // A shared text a page shows (the title template) is counted once, as shared.
    const own = marks([
      [[page], 'pages'],
      [products, 'products'],
    ]);
    pageMarks[page.id] = new Set([...own].filter((i) => !sharedMarks.has(i)));
  }
  const catalogue = JSON.parse(unmark(JSON.stringify(marked))) as Catalogue;
  return { catalogue, ...grouped(listed, sharedMarks, pageMarks) };
}

/** The listed texts by state, shared and per page, in manifest order. */
function grouped(listed: readonly Listed[], shared: Set<number>, pages: Readonly<Record<string, Set<number>>>) {
  const of = <T extends UntranslatedText>(state: Listed['state'], found: Set<number>): T[] =>
    [...found].sort((a, b) => a - b).flatMap((i) => (listed[i]?.state === state ? [listed[i].text as T] : []));
  const perPage = <T extends UntranslatedText>(state: Listed['state']): Record<string, readonly T[]> =>
    Object.fromEntries(Object.entries(pages).map(([id, found]) => [id, of<T>(state, found)]));
  const review = (state: 'stale' | 'unreviewed'): TextsToReview => ({
    shared: of<TranslatedText>(state, shared),
    pages: perPage<TranslatedText>(state),
  });
  return {
    shared: of<UntranslatedText>('missing', shared),
    pages: perPage<UntranslatedText>('missing'),
    stale: review('stale'),
    unreviewed: review('unreviewed'),
  };
}

/**
 * A missing text whose place is found when first read: placing needs the YAML document of its file,
 * which a valid manifest otherwise never parses (a reload, the fuzz test).
 */
function untranslated<T extends Omit<UntranslatedText, 'file' | 'line' | 'col'>>(
  text: T,
  locate: () => Place,
): T & UntranslatedText {
  let place: Place | undefined;
  const at = (): Place => (place ??= locate());
  return Object.defineProperties({ ...text } as T & UntranslatedText, {
    file: { enumerable: true, get: () => at().file },
    line: { enumerable: true, get: () => at().line },
    col: { enumerable: true, get: () => at().col },
  });
}

const introProducts = (page: Page): string[] =>
  page.sections.flatMap((s) => (isIntro(s) ? [s.product ?? page.product ?? ''] : []));

/**
 * A text's key as a translator reads it, a list entry named by its id, slug or path where it has one:
 * `ui.menu`, `pages.consultation.texts.nameLabel`, `families.pergola-variants.members.pool-side.name`.
 */
export function keyOf(data: unknown, path: DataPath): string {
  let at = data;
  return path
    .map((step) => {
      const item = (at as Record<string | number, unknown> | undefined)?.[step];
      at = item;
      if (typeof step === 'string' || !item || typeof item !== 'object') return step;
      const named = item as { id?: unknown; slug?: unknown; path?: unknown };
      const name = named.id ?? named.slug ?? named.path;
      return typeof name === 'string' && !name.includes('{') ? name : step;
    })
    .join('.');
}

/** Each further language: the catalogue read in it, with its messages, and what it lacks. */
export function translationsOf(
  input: LocalizedManifestInput,
  m: ParsedManifest,
  languages: readonly string[],
): Readonly<Record<string, Translation>> {
  const out: Record<string, Translation> = {};
  for (const language of languages.slice(1)) {
    const { catalogue, shared, pages, stale, unreviewed } = translate(input, m, language, languages);
    const view: Catalogue = {
      ...catalogue,
      language,
      languages,
      messages: compileMessages(textsIn(catalogue)),
      translations: {},
    };
    out[language] = { catalogue: view, shared, pages, stale, unreviewed };
  }
  return out;
}

/** Every string of a catalogue (where its messages are). */
export function textsIn(catalogue: Omit<Catalogue, 'messages' | 'translations'>): string[] {
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([catalogue.ui, catalogue.site, catalogue.figures, catalogue.pages, catalogue.products]);
  return out;
}

/** The languages the site is published in: the default, and each whose shared texts are complete. */
export function publishedLanguages(catalogue: Catalogue): string[] {
  return catalogue.languages.filter((l) => publishedIn(catalogue, l));
}

/** The site is published in `language` (the default always; another when its shared texts are complete). */
export function publishedIn(catalogue: Catalogue, language: string): boolean {
  if (language === catalogue.languages[0]) return true;
  const t = catalogue.translations[language];
  return t !== undefined && t.shared.length === 0;
}

/**
 * The languages a page is published in, the default first: the default always (staff tools only
 * there); another when the site is published in it and the page's own texts are translated (a
 * shared page, the consultation form or the not-found page, whenever the site is).
 */
export function pageLanguages(catalogue: Catalogue, page: Pick<Page, 'id' | 'staff'>): string[] {
  return catalogue.languages.filter((l) => {
    if (l === catalogue.languages[0]) return true;
    if (page.staff || !publishedIn(catalogue, l)) return false;
    const own = catalogue.translations[l]?.pages[page.id];
    return own === undefined || own.length === 0;
  });
}

/**
 * The catalogue read in `language`: each text in that language, or in the default language where it
 * has none (what the policy publishes never needs that fallback; see `pageLanguages`).
 */
export function catalogueIn(catalogue: Catalogue, language: string): Catalogue {
  return catalogue.translations[language]?.catalogue ?? catalogue;
}
