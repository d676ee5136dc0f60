import { expect, test, type Page } from '@playwright/test';
import { STAFF_API } from '../../engine/shared/staff.ts';
import { pathPerKind } from '../../scripts/bench/first-load.ts';
import { phonePhoto } from '../../scripts/phone-photos.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, islandLive, loadLazyImages } from './helpers.ts';
import { signInRequest, startStaffSite, type StaffSite } from './staff-servers.ts';

/**
 * The responsive image pipeline, checked in sizes and bytes (never times): every image a visitor sees
 * carries srcset, sizes and its intrinsic size; a phone downloads no image much wider than it shows;
 * the largest paint is preloaded once, with the same candidates as its <img>.
 */

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const visitorPaths = [...pathPerKind(catalogue()).entries()];

interface ImgFacts {
  readonly src: string;
  readonly srcset: string | null;
  readonly sizes: string | null;
  readonly width: string | null;
  readonly height: string | null;
  readonly shown: number;
  readonly natural: number;
}

const imagesOf = (page: Page): Promise<ImgFacts[]> =>
  page.locator('img').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).map((i) => ({
      src: i.currentSrc || i.src,
      srcset: i.getAttribute('srcset'),
      sizes: i.getAttribute('sizes'),
      width: i.getAttribute('width'),
      height: i.getAttribute('height'),
      shown: i.offsetParent === null ? 0 : i.getBoundingClientRect().width,
      natural: i.complete ? i.naturalWidth : 0,
    })),
  );

test.describe('on a 390x844 phone (2x)', () => {
  test.use(PHONE);
  for (const [kind, path] of visitorPaths) {
    test(`${kind} ${path}: every <img> is responsive and no download is wider than 2x its CSS width`, async ({
      page,
    }) => {
      test.setTimeout(90_000); // cold renditions on a loaded 2-core machine
      await page.goto(path);
      await loadLazyImages(page);
      const images = await imagesOf(page);
      for (const img of images) {
        expect(img.srcset, `${img.src} srcset`).toMatch(/ \d+w/);
        expect(img.sizes, `${img.src} sizes`).toBeTruthy();
        expect(Number(img.width), `${img.src} width`).toBeGreaterThan(0);
        expect(Number(img.height), `${img.src} height`).toBeGreaterThan(0);
        // The ladder's smallest step (320 px) is the floor: a tile shown 160 px wide may take it.
        if (img.shown > 0 && img.natural > 0) {
          expect(img.natural, `${img.src} shown ${img.shown} px`).toBeLessThanOrEqual(Math.max(2 * img.shown, 320));
        }
      }
    });
  }
});

test.describe('the viewer on a 390x844 phone (2x)', () => {
  test.use(PHONE);
  test('shows a photo from its renditions, no wider than the next step above 2x the screen', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(FIXTURES.images);
    await islandLive(page, 'gallery');
    await page.locator('[data-tile]:visible').first().click();
    const slide = page.locator('.yarl__slide_current img.yarl__slide_image');
    // The viewer picks the rendition itself (or through srcset) from the slide's size and density.
    await expect.poll(() => slide.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeTruthy();
    const facts = await slide.evaluate((i: HTMLImageElement) => ({ src: i.currentSrc, natural: i.naturalWidth }));
    expect(facts.src).toMatch(/\/w(320|480|640|960)$/);
    expect(facts.natural).toBeLessThanOrEqual(960);
  });
});

const preloads = (page: Page) =>
  page.locator('link[rel="preload"][as="image"]').evaluateAll((links) =>
    links.map((l) => ({
      href: l.getAttribute('href'),
      srcset: l.getAttribute('imagesrcset'),
      sizes: l.getAttribute('imagesizes'),
      priority: l.getAttribute('fetchpriority'),
    })),
  );

/** The URL of the page's largest contentful paint, as Chromium reports it. */
const lcpUrl = (page: Page): Promise<string> =>
  page.evaluate(
    () =>
      new Promise<string>((done) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & { url: string })[];
          done(entries[entries.length - 1]?.url ?? '');
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

test.describe('the largest paint on a phone', () => {
  test.use(PHONE);
  for (const path of ['/', '/screens', FIXTURES.images]) {
    test(`${path}: the largest paint is preloaded exactly once, as its <img> asks for it`, async ({ page }) => {
      await page.goto(path);
      const links = await preloads(page);
      expect(links).toHaveLength(1);
      const [link] = links;
      const img = page.locator('img[fetchpriority="high"]');
      await expect(img).toHaveCount(1);
      await expect(img).not.toHaveAttribute('loading', 'lazy');
      const shown = await img.evaluate((i: HTMLImageElement) => ({
        href: i.getAttribute('src'),
        srcset: i.getAttribute('srcset'),
        sizes: i.getAttribute('sizes'),
        priority: 'high',
        current: i.currentSrc,
      }));
      expect(link).toEqual({ href: shown.href, srcset: shown.srcset, sizes: shown.sizes, priority: 'high' });
      expect(await lcpUrl(page)).toBe(shown.current);
      const fetched = await page.evaluate(
        (url) => performance.getEntriesByType('resource').filter((e) => e.name === url).length,
        shown.current,
      );
      expect(fetched).toBe(1);
    });
  }
});

test.describe('a phone photo uploaded to a slot', () => {
  test.describe.configure({ mode: 'serial' });
  let site: StaffSite;
  test.beforeAll(async () => {
    site = await startStaffSite();
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  const upload = async (page: Page, slot: string, bytes: Buffer): Promise<string> => {
    const headers = { origin: site.url };
    await signInRequest(page.request, site.url, 'editor');
    const answer = await page.request.post(`${site.url}${STAFF_API.upload}`, {
      headers,
      multipart: { productId: slot, image: { name: 'IMG_4000.jpg', mimeType: 'image/jpeg', buffer: bytes } },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { imageUrl: string }).imageUrl;
  };

  test.use(PHONE);
  test('reaches a phone as a rendition of at most 200 KB; replacing it changes the URL', async ({ page }) => {
    test.setTimeout(180_000);
    const first = await phonePhoto(7, { orientation: 6 });
    expect(first.length).toBeGreaterThan(3_000_000);
    await upload(page, 'homepage-hero', first);
    await page.goto(`${site.url}/`);
    const hero = page.locator('img[fetchpriority="high"]');
    await expect(hero).toHaveJSProperty('complete', true);
    const before = await hero.evaluate((i: HTMLImageElement) => ({
      url: i.currentSrc,
      natural: i.naturalWidth,
      tall: i.naturalHeight > i.naturalWidth,
      width: Number(i.getAttribute('width')),
      height: Number(i.getAttribute('height')),
    }));
    // Upright by its EXIF orientation, and its intrinsic size says so.
    expect(before.tall).toBe(true);
    expect(before.height).toBeGreaterThan(before.width);
    expect(before.natural).toBeLessThanOrEqual(2 * 390);
    const bytes = await page.evaluate(
      (url) => (performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined)?.encodedBodySize ?? -1,
      before.url,
    );
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(200 * 1024);

    await upload(page, 'homepage-hero', await phonePhoto(8));
    await page.goto(`${site.url}/`);
    await expect(hero).toHaveJSProperty('complete', true);
    const after = await hero.evaluate((i: HTMLImageElement) => i.currentSrc);
    expect(after).not.toBe(before.url);
  });
});
