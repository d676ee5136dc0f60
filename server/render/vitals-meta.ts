import type { PagePayload } from '../../engine/shared/page.ts';
import { VITALS_ENTRY, VITALS_META } from '../../engine/shared/vitals.ts';
import { photoRoute } from '../ops/route-label.ts';
import type { readClientManifest } from './assets.ts';

type ViteManifest = NonNullable<ReturnType<typeof readClientManifest>>;

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Pure: the `<meta name="vitals">` of a page the boot script reads after the load event: the page's
 * route pattern (the label its report is counted under, as its request is: server/ops/route-label.ts),
 * the reporter's module and the share of page views that report. None when nothing would report: a
 * rate of 0, no reporter in the build, an error page.
 */
export function vitalsMeta(manifest: ViteManifest, payload: PagePayload, rate: number): string {
  const reporter = manifest[VITALS_ENTRY];
  if (rate <= 0 || !reporter || payload.status !== 200) return '';
  const route = payload.photo ? photoRoute(payload.page.path) : payload.page.path;
  return (
    `<meta name="${VITALS_META}" content="${escapeAttr(route)}" ` +
    `data-src="/${escapeAttr(reporter.file)}" data-rate="${rate}">`
  );
}
