import { LANGUAGE_FIELD } from '../../engine/shared/consultation.ts';
import { requestLanguages, type ConsultationSettings } from './settings.ts';

/**
 * The language a request is in: the `language` it sends when the site has it; else, for a plain form
 * post, the language whose consultation page it was posted to; else the default. A language the site
 * does not have never refuses a request (the visitor's request matters more than the field).
 */
export function requestLanguage(
  raw: Readonly<Record<string, unknown>>,
  postedTo: string,
  settings: ConsultationSettings,
): string {
  const languages = requestLanguages(settings);
  const sent = raw[LANGUAGE_FIELD];
  if (typeof sent === 'string' && languages.includes(sent)) return sent;
  const page = languages.find((l) => (settings.translations[l] ?? settings).page.path === postedTo);
  return page ?? settings.language;
}

// Staff tools are in English: language names too.
const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** A language's name in English, for staff: 'es' -> 'Spanish'; a code it does not know stays as it is. */
export function languageName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The staff mail's line: 'Language: Spanish (es) — reply in Spanish'. */
export const languageLine = (code: string): string =>
  `Language: ${languageName(code)} (${code}) — reply in ${languageName(code)}`;
