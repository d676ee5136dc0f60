import { expect, test, type Page } from '@playwright/test';
import { FIXTURES } from './fixtures.ts';
import { catalogue, islandLive, islands, watchConsole } from './helpers.ts';
import { pageOfKind } from './staff-servers.ts';

/**
 * A phone's first tap, on a CPU four times slower (Chrome DevTools Protocol; network throttling is the
 * benchmark's, `npm run bench`): each control tapped as soon as the HTML is parsed (DOMContentLoaded,
 * before any island script) and once the page is idle shows its answer: a gallery tile an image of its
 * photo (the viewer, or the photo's page the tile links to while its island is not live), a dialog
 * button its dialog (the boot script's shell, then the island's, never two), the menu its popover, the
 * consultation form's submit its messages. Figures (tap to answer, Event Timing) are the benchmark's.
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const c = catalogue();
const consultation = pageOfKind('consultation');
const menuName = c.ui['menu'] ?? '<no ui text menu>';

/** The page at `path`, its CPU slowed 4x from before the navigation, opened to DOMContentLoaded or to idle. */
async function openSlow(page: Page, path: string, when: 'domcontentloaded' | 'idle'): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { waitUntil: when === 'idle' ? 'networkidle' : 'domcontentloaded' });
  if (when === 'idle') await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle)));
}

/** The first dialog island whose button waits for it (it has no gallery page to link to), and its title. */
async function dialogOpener(page: Page) {
  const index = await islands(page, 'dialog').evaluateAll((els) =>
    els.findIndex((el) => el.querySelector('button[data-await-island]')),
  );
  const island = islands(page, 'dialog').nth(Math.max(index, 0));
  const title = await island.evaluate(
    (el) =>
      (JSON.parse(el.querySelector(':scope > script')?.textContent ?? '{}') as { props: { title: string } }).props
        .title,
  );
  return { opener: island.locator('[data-island-root] > button'), title };
}

for (const when of ['domcontentloaded', 'idle'] as const) {
  test.describe(`tapped at ${when === 'idle' ? 'idle' : 'DOMContentLoaded'}`, () => {
    test('a gallery tile shows an image of its photo', async ({ page }) => {
      await openSlow(page, FIXTURES.images, when);
      await page.locator('[data-tile="0"]:visible').tap();
      const image = page.locator('.yarl__slide_current img, [data-testid="photo-view"] img').first();
      await expect(image).toBeVisible();
      // One answer: the viewer opened once, or none (the photo's page).
      expect(await page.locator('.yarl__root').count()).toBeLessThanOrEqual(1);
      if (when === 'idle') {
        // Its island is live: the viewer, and the tile is no navigation pending.
        await expect(page.locator('.yarl__root')).toBeVisible();
        await expect(page.locator('[data-pending]')).toHaveCount(0);
        // The shell that showed the tile's image at once gave way to the viewer.
        await expect(page.getByTestId('viewer-shell')).toHaveCount(0);
      }
    });

    test('a dialog button opens its dialog, once', async ({ page }) => {
      const problems = watchConsole(page);
      await openSlow(page, '/screens', when);
      const { opener, title } = await dialogOpener(page);
      await opener.tap({ force: true });
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await islandLive(page, 'dialog');
      const dialog = page.getByTestId('gallery-dialog');
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.locator('dialog[open]')).toHaveCount(1);
      expect(problems()).toEqual([]);
    });

    test('the menu opens', async ({ page }) => {
      await openSlow(page, '/', when);
      await page.getByTestId('menu-button').tap();
      await expect(page.getByRole('dialog', { name: menuName })).toBeVisible();
    });

    test("the consultation form's submit shows its messages", async ({ page }) => {
      await openSlow(page, consultation.page.path, when);
      await page.getByRole('button', { name: consultation.t('submit') }).tap();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    });
  });
}

test("a tile tapped before its island's script is marked pending as the photo's page comes", async ({ page }) => {
  // Held: the island's script, so the tile is still a link.
  await page.route('**/assets/*.js', () => undefined);
  // The photo's page may come from the speculation rules' prefetch at once: the mark is read in the tap itself.
  const seen = new Promise<string>((done) => void page.exposeFunction('tapSeen', done));
  await page.goto(FIXTURES.images, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() =>
    document.addEventListener('click', (e) => {
      const a = (e.target as Element).closest('a');
      const report = (window as unknown as { tapSeen: (s: string) => void }).tapSeen;
      report(a ? `${a.getAttribute('data-pending')} ${getComputedStyle(a).opacity}` : 'no link');
    }),
  );
  await page.locator('a[data-tile="0"]:visible').tap();
  expect(await seen).toBe(' 0.6');
  await expect(page.getByTestId('photo-view').locator('img')).toBeVisible();
});

test("the consultation form's submit, tapped before its island's script, is marked pending as it posts", async ({
  page,
}) => {
  await page.route('**/assets/*.js', () => undefined);
  // Read in the submit itself: while the post is on its way, the page is a navigation in flight.
  const seen = new Promise<string>((done) => void page.exposeFunction('submitSeen', done));
  await page.goto(consultation.page.path, { waitUntil: 'domcontentloaded' });
  await page.evaluate(() =>
    document.addEventListener('submit', (e) => {
      const b = e.submitter;
      const report = (window as unknown as { submitSeen: (s: string) => void }).submitSeen;
      report(b ? `${b.getAttribute('data-pending')} ${getComputedStyle(b).opacity}` : 'no button');
    }),
  );
  await page.getByRole('button', { name: consultation.t('submit') }).tap();
  expect(await seen).toBe(' 0.6');
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
});
