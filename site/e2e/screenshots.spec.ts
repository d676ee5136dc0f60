/// <reference lib="dom" />
import { test } from '@playwright/test';
import { islandLive, loadLazyImages, routeCases } from './helpers.ts';
import { FIXTURES } from './fixtures.ts';

/** One full-page screenshot per page kind, desktop and mobile, under test-results/screenshots. */
const DIR = 'test-results/screenshots';
const byKind = new Map<string, string>();
for (const r of routeCases()) if (!byKind.has(r.kind)) byKind.set(r.kind, r.path);
byKind.set('image-gallery', FIXTURES.images);

// Screenshots are artifacts to look at, not assertions: a rare hang of Chromium's full-page capture
// (seen once in ~10 runs, at 'taking page screenshot' with the page loaded) gets one more try here.
test.describe.configure({ retries: 1 });

const VIEWPORTS = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } } as const;

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(name, () => {
    test.use({ viewport });
    for (const [kind, path] of byKind) {
      test(`${kind} ${path}`, async ({ page }) => {
        await page.goto(path);
        await loadLazyImages(page);
        await page.screenshot({ path: `${DIR}/${kind}-${name}.png`, fullPage: true, animations: 'disabled' });
      });
    }
    test('lightbox', async ({ page }) => {
      await page.goto(FIXTURES.images);
      await islandLive(page, 'gallery');
      await page.locator('[data-tile]:visible').first().click();
      await page.locator('.yarl__slide_current img').waitFor();
      await page.locator('.yarl__portal_open').waitFor();
      await page.waitForTimeout(400);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${DIR}/lightbox-${name}.png` });
    });
  });
}
