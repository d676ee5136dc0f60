/**
 * Real visitors' Web Vitals: what the browser's reporter (site/vitals/reporter.ts) sends and the
 * server (server/ops/vitals.ts) accepts. One report per page view, to the site itself: the page's
 * route pattern, its language, the viewport width and the metrics measured; no identifier of anyone.
 */

/** Where reports are posted (before Express, like /healthz: server/ops/front.ts). */
export const VITALS_PATH = '/_site/vitals';

/** The reporter's module, an entry of its own in the client build (vite.config.ts). */
export const VITALS_ENTRY = 'site/vitals/reporter.ts';

/** The page's `<meta name="vitals">`: its route pattern in `content`, the reporter and the sample rate. */
export const VITALS_META = 'vitals';

/** The metrics reported, and the largest value accepted of each (ms, CLS unitless): beyond is not a measurement. */
export const VITALS_RANGES = { LCP: 120_000, INP: 60_000, CLS: 50, TTFB: 120_000 } as const;
export type VitalName = keyof typeof VITALS_RANGES;
export const VITAL_NAMES = Object.keys(VITALS_RANGES) as VitalName[];

/** One page view's report, as posted (JSON). */
export interface VitalsReport {
  readonly route: string;
  readonly language: string;
  /** The viewport's CSS width: the device class (`deviceOf`). */
  readonly width: number;
  readonly metrics: Partial<Record<VitalName, number>>;
}

/** A report's body is at most this many bytes; a real one is about 120. */
export const MAX_REPORT_BYTES = 1024;

/** Viewports at most this wide count as phones: the site's phone layout (site/styles: `sm` starts at 640). */
export const PHONE_MAX_WIDTH = 639;
export type DeviceClass = 'phone' | 'desktop';
export const deviceOf = (width: number): DeviceClass => (width <= PHONE_MAX_WIDTH ? 'phone' : 'desktop');

/**
 * Known robots and lab browsers by their user agent: they report nothing (the boot script loads no
 * reporter, the server records none). Headless Chromium is among them: a lab run is not a visitor.
 */
export const KNOWN_BOTS = /bot\b|bot\/|crawl|spider|slurp|lighthouse|pagespeed|headless|facebookexternalhit|preview/i;
