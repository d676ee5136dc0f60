/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import { kindOf, type PageKind } from '../../engine/index.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, islandLive, itemsOf, routeCases, watchConsole } from './helpers.ts';

const c = catalogue();
const ui = (key: keyof typeof c.ui): string => c.ui[key] ?? `<no ui text ${key}>`;
const viewer = (page: Page) => page.locator('.yarl__root');
const current = (page: Page) => page.locator('.yarl__slide_current');

test('a video in the viewer shows its native controls and exactly one Download', async ({ page, request }) => {
  const problems = watchConsole(page);
  const items = await itemsOf(request, FIXTURES.videos);
  const at = items.findIndex((i) => i.kind === 'video' && i.playable);
  expect(at).toBeGreaterThanOrEqual(0);
  await page.goto(photoPath(FIXTURES.videos, photoSlugs(items)[at] as string));
  await islandLive(page, 'gallery');
  const video = current(page).locator('video');
  await expect(video).toBeVisible();
  await expect(video).toHaveAttribute('controls', '');
  expect(await video.evaluate((v: HTMLVideoElement) => v.controls)).toBe(true);
  // One Download for the slide on screen: the toolbar's, none on the slide itself.
  const downloads = page.locator('.yarl__toolbar, .yarl__slide_current').getByRole('link', { name: ui('download') });
  await expect(downloads).toHaveCount(1);
  await expect(downloads).toHaveAttribute('href', (items[at] as ApiMediaItem).downloadUrl);
  expect(problems()).toEqual([]);
});

test('a photo in the viewer zooms: Zoom in scales the image, Zoom out brings it back', async ({ page, request }) => {
  const items = await itemsOf(request, FIXTURES.images);
  const at = items.findIndex((i) => i.kind === 'image');
  await page.goto(photoPath(FIXTURES.images, photoSlugs(items)[at] as string));
  await islandLive(page, 'gallery');
  const img = current(page).locator('img');
  await expect(img).toBeVisible();
  await expect(img).toHaveJSProperty('complete', true);
  const wrapper = current(page).locator('.yarl__slide_wrapper');
  const scale = () =>
    wrapper.evaluate((el) => {
      const m = new DOMMatrixReadOnly(getComputedStyle(el).transform);
      return m.a;
    });
  const before = await img.boundingBox();
  expect(await scale()).toBe(1);
  const zoomIn = page.getByRole('button', { name: 'Zoom in' });
  await expect(zoomIn).toBeEnabled();
  await zoomIn.click();
  await expect.poll(scale).toBeGreaterThan(1.5);
  // The photo on screen grew with it.
  await expect.poll(async () => (await img.boundingBox())?.width ?? 0).toBeGreaterThan((before?.width ?? 0) * 1.5);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(scale).toBe(1);
});

test('Share without the Web Share API copies the photo’s own address and says so', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // A desktop browser without navigator.share (Chromium on Linux has none; make sure of it).
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  const items = await itemsOf(request, FIXTURES.images);
  const slugs = photoSlugs(items);
  await page.goto(FIXTURES.images);
  await islandLive(page, 'gallery');
  expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
  await page.locator('[data-tile="1"]:visible').click();
  await expect(viewer(page)).toBeVisible();
  const own = photoPath(FIXTURES.images, slugs[1] as string);
  await expect(page).toHaveURL(own);
  await page.getByTestId('viewer-share').click();
  await expect(page.getByText(ui('linkCopied'))).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).pathname).toBe(own);
  expect(copied).toBe(page.url());
});

test('"Book a free in-home consultation" leads to the consultation page on every page kind that sells', async ({
  page,
}) => {
  const consultation = c.pages.find((p) => p.kind === 'consultation');
  expect(consultation).toBeTruthy();
  expect(c.site.contact?.consultationHref).toBe(consultation?.path);
  const onePerKind = new Map<PageKind, string>();
  for (const r of routeCases(c)) if (!onePerKind.has(r.kind)) onePerKind.set(r.kind, r.path);
  const selling = [...onePerKind].filter(([kind]) => kindOf(kind).consultation);
  expect(selling.length).toBeGreaterThanOrEqual(8);
  for (const [kind, path] of onePerKind) {
    await page.goto(path);
    const cta = page.getByTestId('consult-cta');
    if (!kindOf(kind).consultation) {
      await expect(cta, `${kind} ${path}`).toHaveCount(0);
      continue;
    }
    await expect(cta, `${kind} ${path}`).toBeVisible();
    await expect(cta).toHaveText(ui('bookConsultation'));
    await expect(cta).toHaveAttribute('href', consultation?.path as string);
  }
  // Followed from the last selling page: the consultation form's page.
  await page.goto(selling.at(-1)?.[1] as string);
  await page.getByTestId('consult-cta').click();
  await expect(page).toHaveURL(consultation?.path as string);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(consultation?.heading as string);
});
