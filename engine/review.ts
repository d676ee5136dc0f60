/**
 * Review marks: a translation keeps, beside its text (`reviewed: { es: 1a2b3c4d }`), the mark of the
 * default-language text it was last reviewed against, so the mark travels with every version of the
 * manifest. A translation whose mark differs from the default text's mark now is stale; one without a
 * mark is unreviewed. Pure.
 */

import { problem, type Problem } from './errors.ts';
import { needsTranslation, type Reviewed } from './localize.ts';
import { REVIEW_MARK, REVIEWED } from './schema.ts';
import { sha256Hex } from './sha256.ts';
import type { DataPath, ParsedManifest } from './source.ts';

/** Marks already computed: every build of a manifest asks again for each of its texts. */
const marks = new Map<string, string>();
const MARKS_KEPT = 50_000;

/** The review mark of a default-language text: the first 8 hex digits of its SHA-256. */
export function reviewMark(source: string): string {
  let mark = marks.get(source);
  if (mark === undefined) {
    if (marks.size >= MARKS_KEPT) marks.clear();
    mark = sha256Hex(source).slice(0, 8);
    marks.set(source, mark);
  }
  return mark;
}

/** Where a translation stands against its default-language text. */
export type ReviewState = 'current' | 'stale' | 'unreviewed';

/**
 * The review state of a text's value in `language`, or undefined when it has no translation there to
 * review (a plain text, a text without words, no value in the language).
 */
export function reviewState(
  values: Readonly<Record<string, string>>,
  reviewed: Reviewed,
  language: string,
  defaultLanguage: string,
): ReviewState | undefined {
  const source = values[defaultLanguage];
  if (values[language] === undefined || source === undefined || !needsTranslation(source)) return undefined;
  const mark = reviewed[language];
  if (mark === undefined) return 'unreviewed';
  return mark === reviewMark(source) ? 'current' : 'stale';
}

/** The problems of a text's review marks: a language that is not a further one, a malformed mark. */
export function checkReviewed(
  path: DataPath,
  reviewed: Reviewed,
  languages: readonly string[],
  m: ParsedManifest,
  found: Problem[],
): void {
  for (const [language, mark] of Object.entries(reviewed)) {
    const at = [...path, REVIEWED, language];
    if (!languages.slice(1).includes(language)) {
      found.push(problem('ReviewedLanguage', { language, languages: [...languages] }, m.locate(at, { key: true })));
    } else if (typeof mark === 'string' && !REVIEW_MARK.test(mark)) {
      found.push(problem('MalformedReviewMark', { mark }, m.locate(at)));
    }
  }
}
