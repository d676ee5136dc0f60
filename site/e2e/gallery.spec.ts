/// <reference lib="dom" />
import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatText } from '../../engine/index.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, islandLive, wakeIslands, watchConsole } from './helpers.ts';

const c = catalogue();
const ui = c.ui;
const pageAt = (path: string) => {
  const page = c.pages.find((p) => p.path === path);
  if (!page) throw new Error(`no page ${path}`);
  return page;
};
/** A text with its count, as the page shows it (a count line is an ICU plural). */
const fill = (s: string | undefined, n: number) => formatText(s ?? '', { n }, c.messages, c.language);

const tiles = (page: Page) => page.locator('[data-tile]:visible');
/** The tile of item `index` (tiles carry their item index). */
const tile = (page: Page, index: number) => page.locator(`[data-tile="${index}"]:visible`);
const viewer = (page: Page) => page.locator('.yarl__root');
const currentName = (page: Page) => page.locator('.yarl__slide_current [data-testid="viewer-name"]');

test('image gallery: open a tile, arrow on, Esc and backdrop close, focus returns to the tile shown', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto(FIXTURES.images);
  await islandLive(page, 'gallery');
  // Names in item order (the masonry album renders column by column, so DOM order differs).
  const names = await tiles(page).evaluateAll((els) =>
    els
      .map((e) => [Number(e.getAttribute('data-tile')), e.getAttribute('aria-label') ?? ''] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, name]) => name),
  );
  // Each tile is named by the caption written under it; its image repeats nothing (alt="").
  const parts = await tiles(page).evaluateAll((els) =>
    els.map((e) => ({
      name: e.getAttribute('aria-label'),
      caption: e.querySelector('[data-testid="tile-caption"]')?.textContent,
      alt: e.querySelector('img')?.getAttribute('alt'),
    })),
  );
  for (const { name, caption, alt } of parts) {
    expect(name).toBeTruthy();
    expect(caption).toBe(name);
    expect(alt).toBe('');
  }
  // More photos than columns: the fixture must be able to catch a focus that follows DOM order.
  expect(names.length).toBe(FIXTURES.imagesCount);
  const domOrder = await tiles(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));
  expect(domOrder).not.toEqual([...domOrder].sort((a, b) => Number(a) - Number(b)));
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

  await tile(page, 0).click();
  await expect(viewer(page)).toBeVisible();
  await expect(currentName(page)).toHaveText(names[0] as string);
  await expect(page.getByRole('link', { name: ui['openInNewTab'] })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: ui['download'] })).toHaveAttribute('href', /download=1/);
  for (let i = 1; i <= 6; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(currentName(page)).toHaveText(names[i] as string);
  }
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);
  await expect(tile(page, 6)).toBeFocused();
  expect(await focusedName()).toBe(names[6]);

  await tile(page, 0).click();
  await expect(viewer(page)).toBeVisible();
  await page.mouse.click(30, 200);
  await expect(viewer(page)).toHaveCount(0);
  await expect(tile(page, 0)).toBeFocused();
  expect(await focusedName()).toBe(names[0]);
  expect(problems()).toEqual([]);
});

test('the preloaded image is the one the largest-paint tile shows, with its srcset and sizes: fetched once', async ({
  page,
}) => {
  await page.goto(FIXTURES.images);
  await islandLive(page, 'gallery');
  const link = page.locator('head link[rel="preload"][as="image"]');
  const img = page.locator('img[fetchpriority="high"]');
  await expect(img).toHaveJSProperty('complete', true);
  const [preload, shown] = await Promise.all([
    link.evaluate((l) => ({
      href: l.getAttribute('href'),
      srcset: l.getAttribute('imagesrcset'),
      sizes: l.getAttribute('imagesizes'),
    })),
    img.evaluate((i: HTMLImageElement) => ({
      src: i.getAttribute('src'),
      srcset: i.getAttribute('srcset'),
      sizes: i.getAttribute('sizes'),
      current: i.currentSrc,
    })),
  ]);
  expect(preload).toEqual({ href: shown.src, srcset: shown.srcset, sizes: shown.sizes });
  expect(shown.srcset).toMatch(/ \d+w, .* \d+w$/); // the fixture's first photo has two renditions
  const fetched = await page.evaluate(
    (url) => performance.getEntriesByType('resource').filter((e) => e.name === url).length,
    shown.current,
  );
  expect(fetched).toBe(1);
});

test('video gallery: an MP4 plays inline, a video no browser plays shows the notice with Download', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto(FIXTURES.videos);
  await islandLive(page, 'gallery');
  await tiles(page).and(page.locator('[data-file$=".mp4"]')).first().click();
  const video = page.locator('.yarl__slide_current video');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => v.play().catch(() => undefined));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  await expect(page.locator('.yarl__slide_current')).toContainText(ui['formatMp4'] as string);
  const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
  await page.keyboard.press('Escape');
  await expect(viewer(page)).toHaveCount(0);

  await tiles(page)
    .and(page.locator(`[data-file="${FIXTURES.unplayable}"]`))
    .click();
  const notice = page.locator('.yarl__slide_current [data-testid="video-notice"]');
  await expect(notice).toContainText(ui['movNotice'] as string);
  await expect(notice.getByRole('link', { name: ui['download'] })).toHaveAttribute('href', /download=1/);
  expect(problems()).toEqual([]);

  // The file opened in a tab of its own (the browser's player) plays too: no policy blocks it.
  await page.goto(src);
  const player = page.locator('video');
  await player.evaluate((v: HTMLVideoElement) => v.play().catch(() => undefined));
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.2);
  expect(problems()).toEqual([]);
});

test('Refresh asks the server again and shows the new listing', async ({ page }) => {
  const def = pageAt(FIXTURES.refresh.path);
  const dir = join(process.env['E2E_DATA_DIR'] as string, 'media', ...FIXTURES.refresh.folder.split('/'));
  const files = readdirSync(dir).filter((f) => f.endsWith('.jpg'));
  await page.goto(FIXTURES.refresh.path);
  await islandLive(page, 'gallery');
  const count = page.getByTestId('gallery-count');
  await expect(count).toHaveText(fill(def.texts['count'], files.length));
  // Added for good (the data directory is this run's own): removing it would pull a photo from under
  // the routes spec, which may show this gallery from a listing cached in the meantime.
  copyFileSync(join(dir, files[0] as string), join(dir, `zz-added-by-e2e-${Date.now()}.jpg`));
  // The POST is held until the button has been seen busy: no second click while it runs.
  let release = () => undefined as void;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/refresh/**', async (route) => {
    await held;
    await route.continue();
  });
  const refresh = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/refresh/'));
  const button = page.getByTestId('refresh');
  await button.click();
  await refresh;
  await expect(button).toBeDisabled();
  await expect(button).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(count).toHaveText(fill(def.texts['count'], files.length + 1));
  await expect(button).toBeEnabled();
  await expect(button).toHaveAttribute('aria-busy', 'false');
  await expect(tiles(page)).toHaveCount(files.length + 1);
});

test('an empty folder shows the page empty texts alone: no count line, no Refresh', async ({ page }) => {
  const def = pageAt(FIXTURES.empty.path);
  await page.goto(FIXTURES.empty.path);
  await expect(page.getByTestId('gallery-empty')).toContainText(def.texts['emptyTitle'] as string);
  await expect(page.getByTestId('gallery-empty')).toContainText(def.texts['emptyBody'] as string);
  await islandLive(page, 'gallery');
  await expect(page.getByTestId('gallery-count')).toHaveCount(0);
  await expect(page.getByTestId('refresh')).toHaveCount(0);
});

test('a failing listing shows the page error text', async ({ page }) => {
  const def = pageAt(FIXTURES.failing.path);
  const response = await page.goto(FIXTURES.failing.path);
  // An error, not an empty gallery: 503 that no shared cache keeps (issue 11).
  expect(response?.status()).toBe(503);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['cdn-cache-control']).toBeUndefined();
  await expect(page.getByTestId('gallery-error')).toContainText(def.texts['error'] as string);
});

test('gallery dialog: loads when opened, shows tiles, Refresh, closes with Esc and returns focus', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/screens');
  // The dialogs' island loads when the pointer first reaches one of them; their data when one opens.
  await wakeIslands(page, 'dialog');
  const listings: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/drive-images')) listings.push(r.url());
  });
  const intro = c.pages.find((p) => p.path === '/screens')?.sections.find((s) => s.type === 'product-intro');
  const button = page.getByRole('button', { name: intro?.dialog?.button as string });
  expect(listings).toEqual([]);
  await button.click();
  const dialog = page.getByTestId('gallery-dialog');
  await expect(dialog.getByRole('heading', { name: intro?.dialog?.title as string })).toBeVisible();
  await expect(dialog.locator('[data-tile]').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: ui['refresh'] })).toBeVisible();
  expect(listings.length).toBe(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(problems()).toEqual([]);
});

test('links are plain links: a nav link loads the next page as a document of its own, Back comes back', async ({
  page,
}) => {
  // No client-side navigation any more (no whole-page root, payload scripts or progress bar): each page
  // is a full document, prefetched by the speculation rules when the pointer rests on its link.
  const problems = watchConsole(page);
  await page.goto('/');
  for (const gone of ['#root', '#site-shell', '#site-page', '[data-testid="nav-progress"]']) {
    await expect(page.locator(gone), gone).toHaveCount(0);
  }
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  const nav = c.site.nav[2];
  const link = page.getByRole('banner').getByRole('link', { name: nav?.label });
  await expect(link).toHaveAttribute('href', nav?.href as string);
  await link.click();
  await expect(page).toHaveURL(nav?.href as string);
  const target = c.pages.find((p) => p.path === nav?.href);
  await expect(page.locator('h1')).toHaveText(target?.heading as string);
  await expect(page).toHaveTitle(target?.meta.title as string);
  // A new document: the old page's globals are gone.
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  await page.goBack();
  await expect(page).toHaveURL('/');
  const home = c.pages.find((p) => p.path === '/');
  await expect(page.locator('h1')).toHaveText((home?.hero?.headline ?? home?.heading) as string);
  expect(problems()).toEqual([]);
});

test('an application shows its preview slot, real media counts and links to its galleries', async ({ page }) => {
  const problems = watchConsole(page);
  const product = c.products.find((p) => p.type === 'pool-cages')!;
  await page.goto('/screens/motorized-screens/pool-cages');
  const picture = page.getByRole('img', { name: product.name });
  await expect(picture).toBeVisible();
  // A rendition of the slot's default (/defaults/<name> -> /media/default/<hash>/<name>/w<width>).
  const fallback = c.slots.find((s) => s.id === product.id)?.fallback ?? '';
  expect(await picture.getAttribute('src')).toContain(`/${fallback.split('/').pop() ?? ''}/w`);
  const cards = pageAt('/screens/motorized-screens/:type').sections.find((s) => s.type === 'media-types')!;
  await expect(page.getByText(fill(cards.texts['videos'], 2))).toBeVisible();
  await expect(page.getByText(fill(cards.texts['images'], 4))).toBeVisible();
  await page.getByRole('link', { name: /Images/ }).click();
  await expect(page).toHaveURL(/\/screens\/motorized-screens\/pool-cages\/images$/);
  expect(problems()).toEqual([]);
});
