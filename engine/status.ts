/**
 * The translator's status of each further language, as `npm run check` prints it: whether the
 * language is published, the shared texts it lacks, how many pages are published in it, the first
 * few missing texts of the pages that wait, then the stale translations (each at its place) and how
 * many are unreviewed. Warnings, never errors.
 */

import type { Catalogue, TextsToReview, TranslatedText, Translation, UntranslatedText } from './model.ts';
import type { LanguageStatus, TextGroup, TextRow, TextState } from './shared/translations.ts';
import { pageLanguages, publishedIn } from './translations.ts';

const FIRST = 5;

const nameOf = (language: string): string => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
};

const at = (t: UntranslatedText): string => `    ${t.file}:${t.line}:${t.col}  ${t.key}`;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The status lines of every language beside the default (none for a site in one language). */
export function translationStatus(catalogue: Catalogue): string[] {
  const out: string[] = [];
  for (const [language, t] of Object.entries(catalogue.translations)) {
    const name = `${nameOf(language)} (${language})`;
    const visitor = Object.keys(t.pages);
    const published = catalogue.pages.filter(
      (p) => visitor.includes(p.id) && pageLanguages(catalogue, p).includes(language),
    );
    if (publishedIn(catalogue, language)) {
      out.push(`${name}: published; ${published.length} of ${visitor.length} pages translated.`);
    } else {
      out.push(
        `${name}: not published: ${plural(t.shared.length, 'shared text')} missing (ui, navigation, footer, contact, consultation form, not-found page).`,
      );
      out.push(...t.shared.slice(0, FIRST).map(at));
      if (t.shared.length > FIRST) out.push(`    ... and ${t.shared.length - FIRST} more`);
      const ready = visitor.filter((id) => t.pages[id]?.length === 0).length;
      out.push(
        `  ${ready} of ${visitor.length} pages have their own texts translated (published once the shared texts are).`,
      );
    }
    const waiting = visitor.filter((id) => (t.pages[id]?.length ?? 0) > 0);
    if (waiting.length)
      out.push(`  ${plural(waiting.length, 'page')} ${waiting.length === 1 ? 'waits' : 'wait'} for texts:`);
    for (const id of waiting.slice(0, FIRST)) {
      const page = catalogue.pages.find((p) => p.id === id);
      const missing = t.pages[id] ?? [];
      out.push(`  ${page?.path ?? id}: ${plural(missing.length, 'text')} missing`);
      out.push(...missing.slice(0, 3).map(at));
    }
    if (waiting.length > FIRST) out.push(`  ... and ${waiting.length - FIRST} more pages`);
    out.push(...reviewStatus(catalogue, t));
  }
  return out;
}

/** Each text to review once, in the order shared, then page by page (a text several pages show, under the first). */
export function textsToReview<T extends UntranslatedText>(
  texts: { readonly shared: readonly T[]; readonly pages: Readonly<Record<string, readonly T[]>> },
  order: readonly string[],
): { readonly where: string; readonly texts: readonly T[] }[] {
  const seen = new Set<string>();
  const once = (list: readonly T[]): T[] => list.filter((x) => !seen.has(x.key) && seen.add(x.key));
  const groups = [{ where: 'shared', texts: once(texts.shared) }];
  for (const id of order) groups.push({ where: id, texts: once(texts.pages[id] ?? []) });
  return groups.filter((g) => g.texts.length > 0);
}

/** The stale translations, each at its place, and how many are unreviewed. */
function reviewStatus(catalogue: Catalogue, t: Translation): string[] {
  const out: string[] = [];
  const order = catalogue.pages.map((p) => p.id).filter((id) => id in t.pages);
  const pathOf = (id: string): string => catalogue.pages.find((p) => p.id === id)?.path ?? id;
  const count = (texts: TextsToReview): number => textsToReview(texts, order).reduce((n, g) => n + g.texts.length, 0);
  const stale = textsToReview(t.stale, order);
  if (stale.length) {
    const n = count(t.stale);
    out.push(`  ${plural(n, 'stale text')} (the default-language text changed since the translation was reviewed):`);
    for (const g of stale) {
      out.push(`  ${g.where === 'shared' ? 'shared texts' : pathOf(g.where)}:`);
      out.push(...g.texts.map(at));
    }
  }
  const unreviewed = count(t.unreviewed);
  if (unreviewed)
    out.push(
      `  ${plural(unreviewed, 'translation')} not yet reviewed (no review mark): after review, npm run translations -- --mark-current <page|key|--all>.`,
    );
  return out;
}

const row =
  (state: TextState) =>
  (t: UntranslatedText | TranslatedText): TextRow => ({
    state,
    key: t.key,
    place: `${t.file}:${t.line}:${t.col}`,
    source: t.source,
    ...('translation' in t ? { translation: t.translation } : {}),
  });

/**
 * The same status as a table, for the translations page: per further language whether it is published
 * and how many pages are, then its shared texts and each page's, with their missing, stale and
 * unreviewed texts (a text several pages show is listed under each, so each page can be marked alone).
 */
export function translationTable(catalogue: Catalogue): LanguageStatus[] {
  return Object.entries(catalogue.translations).map(([language, t]) => {
    const visitor = catalogue.pages.filter((p) => p.id in t.pages);
    const published = visitor.filter((p) => pageLanguages(catalogue, p).includes(language));
    const group = (
      target: string,
      heading: string,
      ok: boolean,
      of: (list: TextsToReview) => readonly TranslatedText[],
      missing: readonly UntranslatedText[],
    ): TextGroup => ({
      target,
      heading,
      published: ok,
      rows: [
        ...missing.map(row('missing')),
        ...of(t.stale).map(row('stale')),
        ...of(t.unreviewed).map(row('unreviewed')),
      ],
    });
    const groups = [
      group('shared', 'shared', publishedIn(catalogue, language), (l) => l.shared, t.shared),
      ...visitor.map((p) =>
        group(p.path, p.heading, published.includes(p), (l) => l.pages[p.id] ?? [], t.pages[p.id] ?? []),
      ),
    ];
    return {
      language,
      name: nameOf(language),
      published: publishedIn(catalogue, language),
      complete: published.length,
      total: visitor.length,
      groups: groups.filter((g) => g.rows.length > 0),
    };
  });
}
