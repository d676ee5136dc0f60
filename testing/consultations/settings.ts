import { testCatalogue } from '../staff-harness.ts';
import { consultationSettings, type ConsultationSettings } from '../../server/consultations/settings.ts';

/** Test support: the consultation settings of the manifest's consultation page. */
export function testSettings(): ConsultationSettings {
  const settings = consultationSettings(testCatalogue());
  if (!settings) throw new Error('The manifest has no page of kind consultation.');
  return settings;
}
