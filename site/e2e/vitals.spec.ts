/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { isGalleryKind } from '../../engine/kinds.ts';
import { VITALS_PATH, type VitalsReport } from '../../engine/shared/vitals.ts';
import { catalogue } from './helpers.ts';

/**
 * The Web Vitals reporter in Chromium: a visitor's phone loads it after the load event and sends one
 * report of the page when it is left, to the site itself; the lab's headless browser and a browser with
 * Global Privacy Control load nothing and send nothing. (The server's side: server/ops/vitals.test.ts.)
 */

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const gallery = catalogue().pages.find((p) => isGalleryKind(p.kind) && !p.path.includes(':'))!;

/** Whether the boot script added the reporter, asked once its after-load turn has certainly passed. */
async function reporterAdded(page: Page): Promise<boolean> {
  await page.waitForLoadState('load');
  return page.evaluate(
    () =>
      new Promise<boolean>((done) =>
        // The boot script adds it in a task queued by the load event; this one runs after it.
        setTimeout(() => done(document.querySelector('script[src*="/reporter-"]') !== null), 0),
      ),
  );
}

test.describe('a visitor on a phone', () => {
  test.use({ ...PHONE, userAgent: PHONE_UA });

  test('loads the reporter after the load event and reports the page once when it is hidden', async ({ page }) => {
    const events: string[] = [];
    page.on('load', () => events.push('load'));
    page.on('request', (r) => {
      if (r.url().includes('/reporter-')) events.push('reporter');
    });
    const reporter = page.waitForResponse((r) => r.url().includes('/reporter-'));
    await page.goto(gallery.path);
    expect(await reporterAdded(page)).toBe(true);
    await reporter;
    expect(events.indexOf('load')).toBeLessThan(events.indexOf('reporter'));
    // The reporter has run (its observers are in place) once the page is idle after its script arrived:
    // a tap before that would end LCP's observation before anything observes it.
    await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle, { timeout: 5000 })));
    const route = await page.locator('meta[name=vitals]').getAttribute('content');
    // A tap ends LCP's observation (web-vitals reports it at the next idle moment).
    await page.locator('h1').click();
    const sent = page.waitForRequest((r) => r.url().endsWith(VITALS_PATH));
    // Hidden, as when a visitor switches apps: headless Chromium never hides a page itself, and a beacon
    // sent while leaving it goes out after the page is gone, where Playwright no longer sees it (the
    // server counts it: checked by hand with METRICS_PORT).
    // Hidden twice (and left): one beacon.
    const beacons = await page.evaluate(async () => {
      await new Promise((idle) => requestIdleCallback(idle, { timeout: 5000 }));
      let sent = 0;
      const beacon = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, body) => (sent++, beacon(url, body));
      Object.defineProperty(document, 'visibilityState', { get: () => 'hidden', configurable: true });
      for (const type of ['visibilitychange', 'visibilitychange', 'pagehide']) dispatchEvent(new Event(type));
      return sent;
    });
    expect(beacons).toBe(1);
    const report = JSON.parse((await sent).postData() ?? '') as VitalsReport;
    expect(report).toMatchObject({ route, language: 'en', width: 390 });
    expect(Object.keys(report.metrics)).toEqual(expect.arrayContaining(['TTFB', 'LCP', 'CLS']));
  });

  test('with Global Privacy Control loads no reporter', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'globalPrivacyControl', { get: () => true }));
    await page.goto(gallery.path);
    expect(await reporterAdded(page)).toBe(false);
  });
});

const ROBOTS = {
  Googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  Lighthouse:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  'headless Chromium':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
};
for (const [robot, userAgent] of Object.entries(ROBOTS)) {
  test.describe(robot, () => {
    test.use({ userAgent });
    test('loads no reporter', async ({ page }) => {
      await page.goto(gallery.path);
      expect(await page.locator('meta[name=vitals]').count()).toBe(1);
      expect(await reporterAdded(page)).toBe(false);
    });
  });
}
