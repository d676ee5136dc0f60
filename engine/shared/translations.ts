/**
 * The translations page's API: its paths and JSON, shared by the server (server/manifest/translations.ts)
 * and the page (site/staff/tools/Translations.tsx). Pure.
 */

export const TRANSLATIONS_API = {
  /** `GET`: the translator's status of the live manifest (`TranslationsStatus`). */
  status: '/admin/api/translations',
  /** `POST { target, baseVersion }`: marks the target's translations as reviewed (`MarkAnswer`). */
  mark: '/admin/api/translations/mark',
} as const;

/** Where a text stands in a language: no value there, translated but stale, or never reviewed. */
export type TextState = 'missing' | 'stale' | 'unreviewed';

/** One text to act on: its key and place, its default-language text, its translation (none when missing). */
export interface TextRow {
  readonly state: TextState;
  readonly key: string;
  readonly place: string;
  readonly source: string;
  readonly translation?: string;
}

/** The texts of a page (or the shared texts, `target: 'shared'`) in one language. */
export interface TextGroup {
  /** What `--mark-current` takes for it: the page's path, or `shared`. */
  readonly target: string;
  readonly heading: string;
  /** The page is published in the language (its own texts are complete, and the shared ones). */
  readonly published: boolean;
  readonly rows: readonly TextRow[];
}

export interface LanguageStatus {
  readonly language: string;
  /** The language's name in English (`Spanish`). */
  readonly name: string;
  readonly published: boolean;
  /** Visitor pages published in the language, of all visitor pages. */
  readonly complete: number;
  readonly total: number;
  /** The groups with something to act on: the shared texts first, then page by page. */
  readonly groups: readonly TextGroup[];
}

export interface TranslationsStatus {
  /** The live version the status was read from (0: the site runs from its files, no version yet). */
  readonly version: number;
  readonly languages: readonly LanguageStatus[];
}

export interface MarkRequest {
  /** A page's path, `shared`, `all`, or a key. */
  readonly target: string;
  /** The version the status was read from: marking publishes on it (compare-and-swap). */
  readonly baseVersion: number;
}

/** What marking did: how many marks were written, and the version they were published as (0: written to the files). */
export interface MarkAnswer {
  readonly marked: number;
  readonly version: number;
}
