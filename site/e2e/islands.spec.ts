/// <reference lib="dom" />
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { captionOf, photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import { lcpTileIndex } from '../../engine/shared/media.ts';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { firstLoadScripts } from '../../scripts/bench/first-load.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, islandLive, islands, ISLAND_ERROR, itemsOf, routeCases, watchConsole } from './helpers.ts';

/**
 * Islands: React hydrates only the interactive parts of a page, each its own root, and each part
 * works before (or without) its script. Here: the parts without JavaScript, the parts while their
 * scripts are held back, what a click before hydration becomes, images that fail before hydration,
 * hydration errors as failures, the bundle itself and the speculation rules.
 */

const c = catalogue();
const ui = (key: keyof typeof c.ui): string => c.ui[key] ?? `<no ui text ${key}>`;
/** The caption of the item at `i` of the images fixture gallery (its title is the page's h1). */
const caption = (items: readonly ApiMediaItem[], i: number): string =>
  captionOf(items[i] as ApiMediaItem, i + 1, {
    gallery: routeCases(c).find((r) => r.path === FIXTURES.images)?.h1 ?? '',
    ui: c.ui,
  });
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * Holds every request for the page's scripts (`/assets/*.js`) until `release()`: the page runs with
 * its server HTML and the inline boot script only, deterministically, for as long as the test wants.
 */
async function holdScripts(page: Page): Promise<{ readonly held: string[]; readonly release: () => void }> {
  let release = () => undefined as void;
  const gate = new Promise<void>((done) => (release = done));
  const held: string[] = [];
  await page.route('**/assets/*.js', async (route) => {
    held.push(route.request().url());
    await gate;
    await route.continue().catch(() => undefined); // the page may have gone meanwhile
  });
  return { held, release };
}

/** The props an island was rendered with (its JSON script). */
const propsOf = (island: ReturnType<typeof islands>): Promise<Record<string, unknown>> =>
  island.evaluate(
    (el) =>
      (JSON.parse(el.querySelector(':scope > script')?.textContent ?? '{}') as { props: Record<string, unknown> })
        .props,
  );

/** Which of the page's dialog islands answers `test` (by their props). */
const dialogIndex = (page: Page, key: string, value: string): Promise<number> =>
  islands(page, 'dialog').evaluateAll(
    (els, [k, v]) =>
      els.findIndex(
        (el) =>
          (JSON.parse(el.querySelector(':scope > script')?.textContent ?? '{}') as { props: Record<string, unknown> })
            .props[k as string] === v,
      ),
    [key, value],
  );

test.describe('without JavaScript, on a 390x844 phone', () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test('the phone menu opens (a popover), Esc closes it, and a menu link navigates', async ({ page }) => {
    await page.goto('/');
    const button = page.getByTestId('menu-button');
    const menu = page.getByRole('dialog', { name: ui('menu') });
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await button.click();
    await expect(menu).toBeVisible();
    const item = c.site.nav[1];
    await menu.getByRole('link', { name: item?.label }).click();
    await expect(page).toHaveURL(item?.href as string);
    await expect(page.locator('h1')).toHaveText(c.pages.find((p) => p.path === item?.href)?.heading as string);
    await expect(menu).toBeHidden();
  });

  test("a gallery tile opens the photo's page: the large image, Next, and back to the gallery", async ({
    page,
    request,
  }) => {
    const items = await itemsOf(request, FIXTURES.images);
    const slugs = photoSlugs(items);
    await page.goto(FIXTURES.images);
    await page.locator('[data-tile="0"]:visible').click();
    await expect(page).toHaveURL(photoPath(FIXTURES.images, slugs[0] as string));
    const view = page.getByTestId('photo-view');
    await expect(view).toBeVisible();
    await expect(view.locator('figcaption')).toHaveText(caption(items, 0));
    await expect(view.locator('img')).toHaveJSProperty('complete', true);
    expect(await view.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    // The grid stays under it, and no viewer (that is the island's).
    await expect(page.locator('[data-tile]:visible').first()).toBeVisible();
    await expect(page.locator('.yarl__root')).toHaveCount(0);

    await view.getByRole('link', { name: ui('next') }).click();
    await expect(page).toHaveURL(photoPath(FIXTURES.images, slugs[1] as string));
    await expect(view.locator('figcaption')).toHaveText(caption(items, 1));
    await expect(view.getByRole('link', { name: ui('previous') })).toHaveAttribute(
      'href',
      photoPath(FIXTURES.images, slugs[0] as string),
    );
    await expect(view.getByRole('link', { name: ui('download') })).toHaveAttribute('href', /download=1/);

    await view.getByRole('link', { name: ui('backToGallery') }).click();
    await expect(page).toHaveURL(FIXTURES.images);
    await expect(page.getByTestId('photo-view')).toHaveCount(0);
    await expect(page.locator('[data-tile="0"]:visible')).toBeVisible();
  });

  // The consultation form without JavaScript (a plain POST, its messages, the thank-you page) is
  // consultation.spec.ts's, on a server with mail of its own.
});

test.describe('with the scripts held back, on a phone', () => {
  test.use(PHONE);

  test('a tap on the menu button opens the menu at once; its island goes live when the scripts come', async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const { held, release } = await holdScripts(page);
    await page.goto('/');
    const menu = page.getByRole('dialog', { name: ui('menu') });
    await page.getByTestId('menu-button').tap();
    await expect(menu).toBeVisible();
    // Opening it asked for the script (the menu's island loads then), which is held.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(islands(page, 'menu')).not.toHaveAttribute('data-live');
    await expect(menu.getByRole('link', { name: c.site.nav[0]?.label })).toBeVisible();

    release();
    await islandLive(page, 'menu');
    // Live: the focus moved into the open menu.
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expect(menu).toBeVisible();
    expect(problems()).toEqual([]);
  });

  for (const [what, path] of [
    ['button', '/screens'],
    ['picture', '/pergola-images'],
  ] as const) {
    test(`a dialog's ${what} tapped before its island is live opens its shell at once, then the dialog in its place (${path})`, async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const { held, release } = await holdScripts(page);
      await page.goto(path);
      // The first dialog button that waits for its island (it has no gallery page to link to), or the
      // product intro's picture, which opens the dialog its trigger names.
      const picture = page.locator('[data-section="product-intro"] a[data-opens-dialog]').first();
      const index =
        what === 'button'
          ? await islands(page, 'dialog').evaluateAll((els) =>
              els.findIndex((el) => el.querySelector('button[data-await-island]')),
            )
          : await dialogIndex(page, 'trigger', (await picture.getAttribute('data-opens-dialog')) ?? '');
      expect(index).toBeGreaterThanOrEqual(0);
      const island = islands(page, 'dialog').nth(index);
      // The button itself (the dialog, once open, renders inside the island too).
      const opener = what === 'button' ? island.locator('[data-island-root] > button') : picture;
      const { title } = (await propsOf(island)) as { title: string };
      await expect(opener).toHaveAttribute('data-await-island', '');
      if (what === 'button') await expect(opener).toHaveAttribute('aria-disabled', 'true');
      // Not clickable yet as far as Playwright is concerned (aria-disabled): the finger does not care.
      await opener.tap({ force: true });
      await expect(opener).toHaveAttribute('data-clicked', '');
      await expect.poll(() => held.length).toBeGreaterThan(0);
      await expect(page).toHaveURL(path);
      await expect(page.getByTestId('gallery-dialog')).toHaveCount(0);
      // The boot script's shell: the dialog's title and its skeleton tiles, before any script.
      const shell = page.getByRole('dialog', { name: title });
      await expect(shell).toBeVisible();
      await expect(shell.locator('[aria-busy="true"] li')).toHaveCount(8);

      release();
      await islandLive(page, 'dialog');
      const dialog = page.getByTestId('gallery-dialog');
      await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
      await expect(dialog.locator('[data-tile]').first()).toBeVisible();
      // The island's dialog took the shell's place: one dialog open, never two.
      await expect(page.locator('dialog[open]')).toHaveCount(1);
      await expect(page.locator('dialog[data-boot-dialog]')).toHaveCount(0);
      await expect(opener).not.toHaveAttribute('data-clicked');
      await expect(opener).not.toHaveAttribute('data-await-island');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      expect(problems()).toEqual([]);
    });
  }
});

test.describe('with the scripts held back, on a phone, the dialog shell', () => {
  test.use(PHONE);

  test('closed before the island is live, takes its click back: the island opens nothing', async ({ page }) => {
    const problems = watchConsole(page);
    const { held, release } = await holdScripts(page);
    await page.goto('/screens');
    const index = await islands(page, 'dialog').evaluateAll((els) =>
      els.findIndex((el) => el.querySelector('button[data-await-island]')),
    );
    const island = islands(page, 'dialog').nth(index);
    const opener = island.locator('[data-island-root] > button');
    const { title } = (await propsOf(island)) as { title: string };
    await opener.tap({ force: true });
    const shell = page.getByRole('dialog', { name: title });
    await expect(shell).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell).toHaveCount(0);
    await expect(opener).not.toHaveAttribute('data-clicked');
    await expect.poll(() => held.length).toBeGreaterThan(0);

    release();
    await islandLive(page, 'dialog');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    // Live, the same button opens the island's dialog, once.
    await opener.tap();
    await expect(page.getByTestId('gallery-dialog').getByRole('heading', { name: title })).toBeVisible();
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    expect(problems()).toEqual([]);
  });
});

test('a tile whose image failed before hydration shows the grey placeholder once its island is live', async ({
  page,
  request,
}) => {
  const items = await itemsOf(request, FIXTURES.images);
  // An eager tile (it loads before the script) that is not the largest paint (preloaded too).
  const index = [3, 2].find((i) => i !== lcpTileIndex(items, 'masonry')) as number;
  const file = (items[index] as ApiMediaItem).fileId;
  const failed: string[] = [];
  // Every source of that file fails: its renditions and the original, with or without a time stamp.
  await page.route(
    (url) => url.pathname.startsWith('/media/') && url.pathname.includes(`/${file}`),
    (route) => {
      failed.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    },
  );
  const { held, release } = await holdScripts(page);
  // The held scripts delay the load event: the document is enough.
  await page.goto(FIXTURES.images, { waitUntil: 'domcontentloaded' });
  const tile = page.locator(`[data-tile="${index}"]:visible`);
  const img = tile.locator('img');
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth === 0)).toBe(true);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await expect(islands(page, 'gallery')).not.toHaveAttribute('data-live');
  const before = failed.length;

  const reports: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes(ISLAND_ERROR)) reports.push(m.text());
  });
  release();
  await islandLive(page, 'gallery');
  // Hydration set the image's source again: its error came to the island, which went down the chain.
  await expect(img).toHaveCount(0);
  const placeholder = tile.locator(':scope > span').first();
  await expect(placeholder).toBeVisible();
  await expect(placeholder).toHaveAttribute('aria-hidden', 'true');
  expect(await placeholder.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(207, 214, 219)');
  expect(failed.length).toBeGreaterThan(before);
  expect(failed.some((u) => /[?&]t=\d+/.test(u))).toBe(true); // the one retry with a time stamp
  // The other tiles kept their images.
  await expect(page.locator(`[data-tile="${index === 3 ? 2 : 3}"]:visible img`)).toHaveJSProperty('complete', true);
  expect(reports).toEqual([]);
});

test('a static image whose every source fails becomes the grey placeholder, with no page script run', async ({
  page,
}) => {
  // The home hero: outside every island, so only the inline boot script's handler can replace it.
  const scripts: string[] = [];
  await page.route('**/assets/*.js', (route) => {
    scripts.push(route.request().url());
    return route.abort();
  });
  const failed: string[] = [];
  await page.route('**/homepage-hero.jpg**', (route) => {
    failed.push(route.request().url());
    return route.fulfill({ status: 404, body: '' });
  });
  await page.goto('/');
  const hero = page.locator('main').locator('img, span.image-placeholder').first();
  await expect(hero).toHaveClass('image-placeholder');
  await expect(hero).toHaveAttribute('aria-hidden', 'true');
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(207, 214, 219)');
  await expect(page.locator('img[src*="homepage-hero.jpg"]')).toHaveCount(0);
  // The chain as written in the image's attributes: a retry with a time stamp, then the default.
  expect(failed.some((u) => /homepage-hero\.jpg\/w\d+\?t=\d+/.test(u))).toBe(true);
  expect(failed.some((u) => new URL(u).pathname === '/defaults/homepage-hero.jpg')).toBe(true);
  // After the load event the page fetches the island code a visitor may need (modulepreload: nothing
  // runs) and the Web Vitals reporter; no other script is asked for, and the page runs none of its own.
  const fetched = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'), (l) => l.href),
  );
  const reporter = (await page.locator('meta[name=vitals]').getAttribute('data-src')) ?? '';
  expect(scripts.filter((u) => !fetched.includes(u) && new URL(u).pathname !== reporter)).toEqual([]);
  await expect(page.locator('script[src]:not([src*="/reporter-"])')).toHaveCount(0);
});

test('a hydration mismatch is reported as an island error, which fails a test', async ({ page }) => {
  const problems = watchConsole(page);
  const reports: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes(ISLAND_ERROR)) reports.push(m.text());
  });
  // The server's count line, changed on the way: the browser's first render of the island differs.
  await page.route(
    (url) => url.pathname === FIXTURES.images,
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const changed = html.replace(/(data-testid="gallery-count"[^>]*>)[^<]+/, '$1Not what the island renders');
      expect(changed).not.toBe(html);
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body: changed });
    },
  );
  await page.goto(FIXTURES.images);
  await islandLive(page, 'gallery');
  await expect.poll(() => reports.length).toBeGreaterThan(0);
  expect(reports[0]).toContain(`${ISLAND_ERROR} gallery: hydration error`);
  expect(problems().some((p) => p.includes(`${ISLAND_ERROR} gallery: hydration error`))).toBe(true);
  // React rendered the island again on the client: the page shows what the island renders.
  await expect(page.getByTestId('gallery-count')).not.toHaveText('Not what the island renders');
});

test('the browser bundle is React DOM, with no Preact anywhere, and a gallery page loads it', async ({ request }) => {
  const dir = join('dist', 'client', 'assets');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/preact/i);
  const scripts = firstLoadScripts(await (await request.get(FIXTURES.images)).text());
  const loaded = await Promise.all(scripts.map(async (s) => (await request.get(s)).text()));
  const reactDom = loaded.filter(
    (js) =>
      js.includes('hydrateRoot') &&
      js.includes('react.dev/errors') &&
      /rendererPackageName:\s*[`"']react-dom[`"']/.test(js),
  );
  expect(reactDom, scripts.join(' ')).toHaveLength(1);
});

test('speculation rules: one prefetch rule of moderate eagerness, allowed by its hash in the CSP; a hovered link is prefetched', async ({
  page,
}) => {
  const problems = watchConsole(page);
  const response = await page.goto('/screens');
  const rules = page.locator('script[type="speculationrules"]');
  await expect(rules).toHaveCount(1);
  const text = (await rules.textContent()) ?? '';
  const parsed = JSON.parse(text) as { prefetch?: { eagerness?: string; where?: unknown }[] };
  expect(parsed.prefetch?.length).toBe(1);
  expect(parsed.prefetch?.[0]?.eagerness).toBe('moderate');
  expect(JSON.stringify(parsed.prefetch?.[0]?.where)).toContain('/api/*'); // the API is never prefetched
  const csp = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  await page.waitForLoadState('networkidle');

  // The pointer resting on a link prefetches its page, and following the link uses that prefetch.
  const nav = c.site.nav.find((n) => n.href !== '/screens' && n.href !== '/');
  const prefetched = page.waitForRequest(
    (r) => new URL(r.url()).pathname === nav?.href && /prefetch/.test(r.headers()['sec-purpose'] ?? ''),
  );
  const link = page.getByRole('banner').getByRole('link', { name: nav?.label });
  await link.hover();
  await prefetched;
  await link.click();
  await expect(page).toHaveURL(nav?.href as string);
  const delivery = await page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType?: string })
        .deliveryType,
  );
  expect(delivery).toBe('navigational-prefetch');
  expect(problems()).toEqual([]);
});
