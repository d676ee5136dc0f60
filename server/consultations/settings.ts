import { takesRequests, type Catalogue, type Page } from '../../engine/index.ts';
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
}

/** The settings of the catalogue's page whose kind takes requests; null when it has none. */
export function consultationSettings(catalogue: Catalogue): ConsultationSettings | null {
  const page = catalogue.pages.find((p) => takesRequests(p.kind));
  return page ? settingsFromPage(page, catalogue.site.name) : null;
}

/** Pure: the settings of one consultation page. */
export function settingsFromPage(
  page: Pick<Page, 'path' | 'heading' | 'texts' | 'meta'>,
  siteName: string,
): ConsultationSettings {
  return { ...consultationOffer(page), ...consultationMail(page.texts), page, siteName };
}
