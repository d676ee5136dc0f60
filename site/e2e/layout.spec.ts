/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { BACKDROP_BOX } from '../../server/imaging/drawings.ts';
import { catalogue, wakeIslands } from './helpers.ts';
import { FIXTURES } from './fixtures.ts';

/** Layouts that measure as finished: balanced grids, matching buttons, headings said once, pictures where promised. */

test('the awnings specification grid leaves no card alone in its last row (desktop and phone)', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/retractable-awnings');
    const tops = await page
      .locator('[data-section="figures"] dl > div')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    const rows = [...new Set(tops)].map((t) => tops.filter((x) => x === t).length);
    expect(tops.length).toBe(6);
    // One column on a phone is a list, not a lone card; from tablets on every row holds two or more.
    if (width > 600) for (const n of rows) expect(n, `rows ${rows.join('+')}`).toBeGreaterThan(1);
  }
});

test("home's Explore buttons share one size and take at most two lines", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const boxes = await page
    .locator('#categories [data-card-actions] a')
    .evaluateAll((els) =>
      els.map((e) => ({ ...e.getBoundingClientRect().toJSON(), line: parseFloat(getComputedStyle(e).lineHeight) })),
    );
  expect(boxes).toHaveLength(4);
  for (const b of boxes) {
    expect(b.height).toBeCloseTo(boxes[0]?.height ?? 0, 0);
    expect(b.width).toBeCloseTo(boxes[0]?.width ?? 0, 0);
    expect(b.height).toBeLessThan(3 * b.line + 20);
  }
});

for (const [path, viewport] of [
  ['/', { width: 1280, height: 800 }],
  ['/', { width: 390, height: 844 }],
  ['/aluminum-pergolas', { width: 1280, height: 800 }],
  ['/aluminum-pergolas', { width: 390, height: 844 }],
] as const) {
  test(`the hero drawing stays clear of the headline on ${path} at ${viewport.width}px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(path);
    const img = page.locator('main img').first();
    await expect(img).toBeVisible();
    // The drawing's box in the picture, mapped through object-fit: cover onto the page.
    const drawn = await img.evaluate((el, box) => {
      const i = el as HTMLImageElement;
      const r = i.getBoundingClientRect();
      const scale = Math.max(r.width / i.naturalWidth, r.height / i.naturalHeight);
      const dx = (r.width - i.naturalWidth * scale) / 2;
      const dy = (r.height - i.naturalHeight * scale) / 2;
      const x = (f: number) => r.left + dx + f * i.naturalWidth * scale;
      const y = (f: number) => r.top + dy + f * i.naturalHeight * scale;
      return { left: x(box.x0), right: x(box.x1), top: y(box.y0), bottom: y(box.y1) };
    }, BACKDROP_BOX);
    const h1 = await page.locator('h1').evaluate((el) => {
      // The text itself, not the block: a range around the heading's words.
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().toJSON() as DOMRect;
    });
    const overlaps = drawn.left < h1.right && drawn.right > h1.left && drawn.top < h1.bottom && drawn.bottom > h1.top;
    expect(overlaps, JSON.stringify({ drawn, h1 })).toBe(false);
  });
}

for (const path of [
  '/interior-window-coverings',
  '/pergola-videos',
  '/pergola-images',
  '/aluminum-pergolas',
  '/pergolas',
]) {
  test(`${path} says each heading once (no section and card, or page and section, with the same words)`, async ({
    page,
  }) => {
    await page.goto(path);
    const headings = await page
      .locator('main h1, main h2, main h3')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
    for (let i = 1; i < headings.length; i++) expect(headings[i], headings.join(' / ')).not.toBe(headings[i - 1]);
    expect(headings.filter((h) => h === headings[0])).toHaveLength(1);
  });
}

test('/interior-window-coverings: a lone card takes its row, its gallery links sit in it, every shade card has a picture', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/interior-window-coverings');
  for (const id of ['motorized', 'plantation-shutters']) {
    const grid = page.locator(`#${id} [data-cols]`);
    const [gridBox, cardBox] = [await grid.boundingBox(), await grid.locator('[data-card]').boundingBox()];
    expect(cardBox?.width).toBeCloseTo(gridBox?.width ?? 0, 0);
  }
  await expect(page.locator('#motorized [data-card] a')).toHaveText(['View Photo Gallery', 'View Video Gallery']);
  const shades = page.locator('#shades [data-card]');
  expect(await shades.count()).toBeGreaterThan(5);
  for (const card of await shades.all()) {
    await card.scrollIntoViewIfNeeded();
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
    expect(await card.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  }
});

test('/aluminum-pergolas: no card is mostly empty, and every warranty card has its text', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/aluminum-pergolas');
  const fill = await page.locator('[data-card]').evaluateAll((cards) =>
    cards.map((card) => {
      const box = card.getBoundingClientRect();
      const bottoms = Array.from(card.querySelectorAll('h2, h3, p, li, a, button, img')).map(
        (e) => e.getBoundingClientRect().bottom,
      );
      return { title: card.querySelector('h2, h3')?.textContent, used: (Math.max(...bottoms) - box.top) / box.height };
    }),
  );
  for (const f of fill) expect(f.used, f.title ?? '').toBeGreaterThan(0.5);
  for (const card of await page.locator('#warranty [data-card]').all()) await expect(card.locator('p')).toHaveCount(1);
});

for (const path of ['/pergola-videos', '/pergola-images']) {
  test(`${path}: both gallery buttons sit together, and lists are plain text or swatches, not buttons`, async ({
    page,
  }) => {
    await page.goto(path);
    expect(await page.locator('[data-section="gallery-button"]').count()).toBe(0);
    const intro = page.locator('[data-section="product-intro"]');
    // The two buttons of the intro's gallery dialogs (each its own island), the picture aside.
    await expect(intro.locator('[data-island="dialog"] button[aria-haspopup="dialog"]')).toHaveCount(2);
    const items = page.locator('[data-list="plain"] li');
    expect(await items.count()).toBeGreaterThan(3);
    for (const li of await items.all()) {
      const style = await li.evaluate((e) => {
        const s = getComputedStyle(e);
        return { border: s.borderTopWidth, background: s.backgroundColor, cursor: s.cursor };
      });
      expect(style).toEqual({ border: '0px', background: 'rgba(0, 0, 0, 0)', cursor: 'auto' });
    }
  });
}

test('/pergola-images shows its colours as named swatches', async ({ page }) => {
  await page.goto('/pergola-images');
  const swatches = page.locator('[data-list="swatches"] li');
  await expect(swatches).toHaveText(['White', 'Black', 'Dark Gray', 'Wood Grain']);
  const colours = await swatches.locator('span').evaluateAll((s) => s.map((e) => getComputedStyle(e).backgroundColor));
  expect(new Set(colours).size).toBe(4);
});

test('/cable-guided-screens shows a picture of the product', async ({ page }) => {
  await page.goto('/cable-guided-screens');
  const img = page.locator('[data-section="product-intro"] img');
  await img.scrollIntoViewIfNeeded();
  await expect(img).toHaveJSProperty('complete', true);
  expect(await img.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test("the awnings preview picture opens the product's gallery dialog, and links to its gallery page until then", async ({
  page,
}) => {
  await page.goto('/retractable-awnings');
  const picture = page.locator('[data-section="product-intro"] a[data-opens-dialog]');
  // Before its island is live the picture (and the dialog's button) is a link to the gallery page of
  // the same folder.
  const gallery = catalogue().pages.find((p) => p.path === '/retractable-awning-images');
  expect(gallery?.kind).toBe('image-gallery');
  await expect(picture).toHaveAttribute('href', gallery?.path as string);
  await expect(picture.locator('img')).toBeVisible();
  await wakeIslands(page, 'dialog');
  await picture.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading').first()).toHaveText('Retractable Awnings Gallery');
  await expect(page).toHaveURL('/retractable-awnings');
});

test('pages have distinct titles: /pergolas and /aluminum-pergolas are not both "Aluminum Pergolas"', async ({
  request,
}) => {
  const titles = new Map<string, string>();
  for (const p of catalogue().sitemap) {
    const html = await (await request.get(p.path)).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(titles.get(title), `${p.path} and ${titles.get(title)} share "${title}"`).toBeUndefined();
    titles.set(title, p.path);
  }
});

test('the sitemap lists the photos of a gallery as image:image entries the site serves', async ({ request }) => {
  // The sitemap reads the listings visitors' page views cached (a crawler never makes the store list folders).
  expect((await request.get(FIXTURES.images)).status()).toBe(200);
  const xml = await (await request.get('/sitemap.xml')).text();
  const { baseUrl } = catalogue().site;
  const block = new RegExp(`<loc>${baseUrl}${FIXTURES.images}</loc>([\\s\\S]*?)</url>`).exec(xml)?.[1] ?? '';
  const images = [...block.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1] ?? '');
  expect(images).toHaveLength(FIXTURES.imagesCount);
  for (const src of images) {
    const res = await request.get(src.slice(baseUrl.length));
    expect(res.status(), src).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\//);
  }
});
