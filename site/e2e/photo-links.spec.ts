/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { captionOf, photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import { isGalleryKind } from '../../engine/index.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, islandLive, itemsOf, routeCases, watchConsole } from './helpers.ts';

const c = catalogue();
const { baseUrl } = c.site;
const viewer = (page: Page) => page.locator('.yarl__root');
const currentCaption = (page: Page) => page.locator('.yarl__slide_current [data-testid="viewer-name"]');
const galleries = routeCases(c).filter((r) => r.status === 200 && isGalleryKind(r.kind));
/** The caption of the item at `i` of a gallery's listing (its title is the gallery's h1). */
const caption = (items: readonly ApiMediaItem[], i: number, path: string = FIXTURES.images): string =>
  captionOf(items[i] as ApiMediaItem, i + 1, { gallery: galleries.find((g) => g.path === path)?.h1 ?? '', ui: c.ui });

const attr = (html: string, re: RegExp): string | undefined => re.exec(html)?.[1]?.replace(/&amp;/g, '&');

test('every photo of every gallery has its own page: 200, its caption in the title, canonical and og:image', async ({
  request,
}) => {
  let checked = 0;
  for (const gallery of galleries) {
    const items = await itemsOf(request, gallery.path);
    const slugs = photoSlugs(items);
    for (const [i, item] of items.entries()) {
      const path = photoPath(gallery.path, slugs[i] as string);
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(attr(html, /<title>([^<]*)<\/title>/), path).toContain(caption(items, i, gallery.path));
      expect(attr(html, /<link rel="canonical" href="([^"]+)"/)).toBe(`${baseUrl}${path}`);
      const og = attr(html, /<meta property="og:image" content="([^"]+)"/);
      // Photos and videos with a picture have their own 1200x630 preview and a large card.
      if (item.kind === 'image' || item.posterUrl || item.thumbnailUrl) {
        expect(og, path).toMatch(/\/og$/);
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      }
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(20);
});

test('the og:image of a photo is a 1200x630 rendition', async ({ request }) => {
  const items = await itemsOf(request, FIXTURES.images);
  const path = photoPath(FIXTURES.images, photoSlugs(items)[0] as string);
  const og = attr(await (await request.get(path)).text(), /<meta property="og:image" content="([^"]+)"/) as string;
  const image = await request.get(new URL(og).pathname, { headers: { accept: 'image/jpeg' } });
  expect(image.status()).toBe(200);
  const meta = await sharp(await image.body()).metadata();
  expect([meta.width, meta.height]).toEqual([1200, 630]);
});

test('a photo address opens its gallery with the viewer on that photo; closing leaves the gallery address', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  const items = await itemsOf(request, FIXTURES.images);
  const slugs = photoSlugs(items);
  await page.goto(photoPath(FIXTURES.images, slugs[2] as string));
  await islandLive(page, 'gallery');
  await expect(viewer(page)).toBeVisible();
  await expect(currentCaption(page)).toHaveText(caption(items, 2));
  await expect(page.locator('.yarl__counter')).toHaveAttribute('aria-live', 'polite');
  await page.getByRole('button', { name: c.ui['close'] }).click();
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(FIXTURES.images);
  expect(problems()).toEqual([]);
});

test('arrowing through the viewer replaces the address; Back closes the viewer', async ({ page, request }) => {
  const items = await itemsOf(request, FIXTURES.images);
  const slugs = photoSlugs(items);
  await page.goto(FIXTURES.images);
  await islandLive(page, 'gallery');
  const before = await page.evaluate(() => history.length);
  await page.locator('[data-tile="0"]:visible').click();
  await expect(viewer(page)).toBeVisible();
  await expect(page).toHaveURL(photoPath(FIXTURES.images, slugs[0] as string));
  for (let i = 1; i <= 3; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(photoPath(FIXTURES.images, slugs[i] as string));
    await expect(currentCaption(page)).toHaveText(caption(items, i));
  }
  // One entry for the open viewer, none per photo.
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).toHaveURL(FIXTURES.images);
  await expect(page.locator('[data-tile="3"]:visible')).toBeFocused();
});

test('an unknown photo answers 404 with a link to its gallery', async ({ page }) => {
  const res = await page.goto(`${FIXTURES.images}/photo/no-such-photo`);
  expect(res?.status()).toBe(404);
  await expect(page.locator('h1')).toHaveText(c.ui['photoNotFound'] as string);
  await page.getByRole('link', { name: c.ui['backToGallery'] }).click();
  await expect(page).toHaveURL(FIXTURES.images);
  await expect(page.locator('[data-tile]:visible').first()).toBeVisible();
});

test("the viewer's backdrop hides the page: pixels around the photo are the backdrop's colour", async ({
  page,
  request,
}) => {
  const items = await itemsOf(request, FIXTURES.images);
  const portrait = items.findIndex((i) => (i.height ?? 0) > (i.width ?? 0) * 1.2);
  expect(portrait).toBeGreaterThanOrEqual(0);
  await page.goto(photoPath(FIXTURES.images, photoSlugs(items)[portrait] as string));
  await islandLive(page, 'gallery');
  const img = page.locator('.yarl__slide_current img');
  await expect(img).toBeVisible();
  await expect(img).toHaveJSProperty('complete', true);
  const box = (await img.boundingBox()) as { x: number; y: number; width: number; height: number };
  const size = page.viewportSize() as { width: number; height: number };
  const right = box.x + box.width;
  expect(box.x).toBeGreaterThan(100);
  // Beside the photo, away from the counter, toolbar and arrows: where header, heading and tiles would show.
  const points = [0.2, 0.3, 0.7, 0.85].flatMap((fy) => [
    [Math.round(box.x / 2), Math.round(size.height * fy)],
    [Math.round(right + (size.width - right) / 2), Math.round(size.height * fy)],
  ]);
  // The viewer fades in: sample once no transition is running (mid-fade the page shows through by design).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const shot = await page.screenshot();
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  for (const [x, y] of points as [number, number][]) {
    const at = (y * info.width + x) * info.channels;
    const rgb = [data[at], data[at + 1], data[at + 2]] as number[];
    // #080e14, the backdrop: nothing of the page mixed in.
    expect(
      rgb.map((v, k) => Math.abs(v - ([8, 14, 20][k] as number))).every((d) => d <= 3),
      `${x},${y}: ${rgb}`,
    ).toBe(true);
  }
});

test('captions never show a raw file name, under tiles or in the viewer; a MOV slide has one Download', async ({
  page,
}) => {
  for (const path of [FIXTURES.images, FIXTURES.videos]) {
    await page.goto(path);
    await islandLive(page, 'gallery');
    const captions = await page.locator('[data-testid="tile-caption"]:visible').allTextContents();
    expect(captions.length).toBeGreaterThan(0);
    for (const text of captions) expect(text).not.toMatch(/\.[a-z0-9]{2,4}$/i);
  }
  // The one MOV no converter can read keeps the notice (the demo MOVs become playable MP4s).
  await page.locator(`[data-file="${FIXTURES.unplayable}"]:visible`).first().click();
  await expect(page.locator('.yarl__slide_current [data-testid="video-notice"]')).toBeVisible();
  await expect(currentCaption(page)).not.toHaveText(/\.mov$/i);
  await expect(page.locator('.yarl__root').getByRole('link', { name: c.ui['download'] })).toHaveCount(1);
});
