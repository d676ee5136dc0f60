import { takesRequests, type Catalogue, type InterestKey, type Page } from '../../engine/index.ts';
import { REQUIRED_CONSULTATION_TEXTS, type ConsultationRules } from '../../engine/shared/consultation.ts';

/** What the form, the mail and the staff list need from the manifest, resolved once at start. */
export interface ConsultationSettings extends ConsultationRules {
  readonly page: Pick<Page, 'path' | 'heading' | 'texts' | 'meta'>;
  readonly siteName: string;
  /** Category id -> the label visitors pick (text `interest-<id>`), in the order of the page's texts. */
  readonly interests: ReadonlyArray<{ readonly id: string; readonly label: string }>;
  /** Who gets a mail for each request (text `notify`, comma-separated). */
  readonly notify: readonly string[];
  /** The mail's sender (text `mailFrom`). */
  readonly from: string;
}

/** Raised when the manifest's consultation page is missing something; names the key to add. */
export class ConsultationSettingsError extends Error {
  override name = 'ConsultationSettingsError';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The categories of the catalogue, in the order products declare them. */
export const catalogueCategories = (catalogue: Pick<Catalogue, 'products'>): string[] => [
  ...new Set(catalogue.products.map((p) => p.category)),
];

/** Reads the consultation settings from the page whose kind takes requests; null when the manifest has none. */
export function consultationSettings(catalogue: Catalogue): ConsultationSettings | null {
  const page = catalogue.pages.find((p) => takesRequests(p.kind));
  if (!page) return null;
  return settingsFromPage(page, catalogue);
}

/** Pure: the settings of one consultation page, or an error naming the text to add or fix. */
export function settingsFromPage(
  page: Pick<Page, 'path' | 'heading' | 'texts' | 'meta'>,
  catalogue: Pick<Catalogue, 'products' | 'site'>,
): ConsultationSettings {
  const where = `The consultation page ${page.path} (manifest/pages.yaml)`;
  const missing = REQUIRED_CONSULTATION_TEXTS.filter((k) => !page.texts[k]);
  if (missing.length > 0)
    throw new ConsultationSettingsError(
      `${where} has no texts ${missing.map((k) => `'${k}'`).join(', ')}: add them under its texts.`,
    );
  const categories = catalogueCategories(catalogue);
  // In the order of the page's texts: the order the browser's form shows them in too.
  const offered = Object.keys(page.texts)
    .filter((k): k is InterestKey => k.startsWith('interest-'))
    .filter((k) => page.texts[k])
    .map((k) => k.slice('interest-'.length));
  const unknown = offered.filter((id) => !categories.includes(id));
  if (unknown.length > 0) {
    throw new ConsultationSettingsError(
      `${where} labels unknown categories ${unknown.map((id) => `'interest-${id}'`).join(', ')}. The categories are: ${categories.join(', ')}.`,
    );
  }
  const interests = offered.map((id) => ({ id, label: page.texts[`interest-${id}`] ?? id }));
  if (interests.length === 0) {
    throw new ConsultationSettingsError(
      `${where} offers no products: add a text 'interest-<category>' for some of ${categories.join(', ')}.`,
    );
  }
  const notify = (page.texts['notify'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = [...notify, page.texts['mailFrom'] ?? ''].filter((a) => !EMAIL.test(a));
  if (bad.length > 0)
    throw new ConsultationSettingsError(
      `${where}: 'notify' and 'mailFrom' must be e-mail addresses (not ${bad.map((a) => `'${a}'`).join(', ')}).`,
    );
  return {
    page,
    siteName: catalogue.site.name,
    texts: page.texts,
    categories: interests.map((i) => i.id),
    interests,
    notify,
    from: page.texts['mailFrom'] ?? '',
  };
}
