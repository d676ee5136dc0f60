import { onCLS, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { VITALS_META, VITALS_PATH, type VitalName, type VitalsReport } from '../../engine/shared/vitals.ts';

/**
 * The Web Vitals reporter: loaded by the boot script after the load event, for a sampled page view of
 * a visitor (server/render/boot.ts decides: sample rate, Global Privacy Control, known bots). Collects
 * LCP, INP, CLS and TTFB and sends them once, when the page is first hidden (the moment INP and CLS are
 * final enough and the last moment a page is sure to run), to the site itself.
 */

const metrics: Partial<Record<VitalName, number>> = {};
let sent = false;

const keep = (metric: Metric): void => {
  metrics[metric.name as VitalName] = metric.value;
};

/** One beacon per page view; `fetch` with `keepalive` where `sendBeacon` is missing or refuses. */
function send(): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name=${VITALS_META}]`);
  if (sent || !meta || Object.keys(metrics).length === 0) return;
  sent = true;
  const report: VitalsReport = {
    route: meta.content,
    language: document.documentElement.lang,
    width: Math.round(innerWidth),
    metrics,
  };
  const body = JSON.stringify(report);
  if (navigator.sendBeacon?.(VITALS_PATH, body)) return;
  void fetch(VITALS_PATH, { method: 'POST', body, keepalive: true, credentials: 'omit' }).catch(() => {});
}

onTTFB(keep);
onLCP(keep);
onINP(keep);
onCLS(keep);
// Registered after web-vitals' own listeners (capturing, on the window): they report INP and CLS first.
addEventListener(
  'visibilitychange',
  () => {
    if (document.visibilityState === 'hidden') send();
  },
  true,
);
addEventListener('pagehide', send, true);
