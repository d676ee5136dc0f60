import { catalogueIn, siteIn, takesRequests, type Catalogue, type Page } from '../../engine/index.ts';
import {
  consultationMail,
  consultationOffer,
  type ConsultationMail,
  type ConsultationOffer,
} from '../../engine/shared/consultation.ts';

/**
 * What the form, the mail and the staff list need from one catalogue's consultation page: what it
 * offers (the same `consultationOffer` the browser's form shows and checks with) and its mail
 * settings. The engine's checker has made sure they are usable; nothing is checked here.
 */
export interface ConsultationSettings extends ConsultationOffer, ConsultationMail {
  readonly page: Pick<Page, 'path' | 'heading' | 'texts' | 'meta'>;
  readonly siteName: string;
  /** The language its visitor texts (labels, messages, thank-you) are in. */
  readonly language: string;
  /** The home page's address in that language, or the default one's where the home is not published in it. */
  readonly home: string;
  /**
   * Per further language of the site, the same page read in it (whose own `translations` are empty):
   * a visitor's request is checked and answered in its language. Staff tools and mails stay in the
   * default language's settings.
   */
  readonly translations: Readonly<Record<string, ConsultationSettings>>;
}

/**
 * The settings of the catalogue's page whose kind takes requests, with each further language's: its
 * page at its address in that language's site (`siteIn`: `/es/consultation`), or, where the site is
 * not published in it, the default language's address with the texts read in it. Null when it has none.
 */
export function consultationSettings(catalogue: Catalogue): ConsultationSettings | null {
  const page = catalogue.pages.find((p) => takesRequests(p.kind));
  if (!page) return null;
  const [first = catalogue.language, ...further] = catalogue.languages;
  // The home page is the page at the root address; where it is not published in a language, its link stays English.
  const root = catalogue.pages.find((p) => p.path === '/');
  const translations: Record<string, ConsultationSettings> = {};
  for (const language of further) {
    const site = siteIn(catalogue, language);
    const own =
      site.pages.find((p) => p.id === page.id) ??
      catalogueIn(catalogue, language).pages.find((p) => p.id === page.id) ??
      page;
    const home = site.pages.find((p) => p.id === root?.id)?.path ?? root?.path ?? '/';
    translations[language] = settingsFromPage(own, site.site.name, { language, home });
  }
  return settingsFromPage(page, catalogue.site.name, { language: first, home: root?.path ?? '/', translations });
}

/** Pure: the settings of one consultation page (by default in English, its home `/`, no further language). */
export function settingsFromPage(
  page: Pick<Page, 'path' | 'heading' | 'texts' | 'meta'>,
  siteName: string,
  read: Partial<Pick<ConsultationSettings, 'language' | 'home' | 'translations'>> = {},
): ConsultationSettings {
  const { language = 'en', home = '/', translations = {} } = read;
  return { ...consultationOffer(page), ...consultationMail(page.texts), page, siteName, language, home, translations };
}

/** The languages a request may be in: the default first, then each further language of the site. */
export const requestLanguages = (settings: ConsultationSettings): string[] => [
  settings.language,
  ...Object.keys(settings.translations),
];

/** The settings read in `language` (the default's for the default language or one the site does not have). */
export const settingsIn = (settings: ConsultationSettings, language: string): ConsultationSettings =>
  settings.translations[language] ?? settings;
