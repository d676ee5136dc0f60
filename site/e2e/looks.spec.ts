/// <reference lib="dom" />
import { expect, test, type Locator } from '@playwright/test';
import { captionOf, photoPath, photoSlugs, titleFromName } from '../../engine/shared/captions.ts';
import { siteIn } from '../../engine/index.ts';
import { catalogue, islandLive, itemsOf } from './helpers.ts';

const c = catalogue();
const es = siteIn(c, 'es');
/** A gallery whose files have no stored captions: their names read as titles ('Roman shades 1'). */
const GALLERY = '/roman-shades-gallery';

/** How many lines the text of each visible element takes (its text's line boxes). */
const linesOf = (elements: Locator) =>
  elements.evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        return [e.textContent?.trim(), new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size];
      }),
  );

// 1024: the narrowest it must hold; 1200: the call button shows the whole number from there.
for (const width of [1024, 1200, 1280]) {
  for (const path of ['/', '/es']) {
    test(`the header's labels each stay on one line at ${width} px (${path})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      const nav = (path === '/' ? c : es).ui['mainNav'] ?? '';
      const lines = await linesOf(page.getByRole('banner').getByRole('navigation', { name: nav }).getByRole('link'));
      expect(lines.length).toBeGreaterThan(3);
      for (const [label, n] of lines) expect(n, String(label)).toBe(1);
    });
  }
}

test('the footer e-mail address breaks only after its @ or before a dot', async ({ page }) => {
  await page.goto('/');
  const link = page.locator('footer a[href^="mailto:"]');
  // The address's characters by the line they are on: where a line ends, the next starts.
  const lines = await link.evaluate((a) => {
    const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
    const tops = new Map<number, string>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? '').length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        tops.set(top, (tops.get(top) ?? '') + (node.textContent ?? '')[i]);
      }
    }
    return [...tops.values()];
  });
  expect(lines.join('')).toBe(c.site.contact?.email);
  lines.slice(1).forEach((line, i) => {
    const before = lines[i] as string;
    expect(before.endsWith('@') || line.startsWith('.'), lines.join(' | ')).toBe(true);
  });
});

test('on a Spanish page the viewer speaks Spanish: its buttons, its name, the captions made of file names', async ({
  page,
  request,
}) => {
  const items = await itemsOf(request, GALLERY);
  const gallery = es.pages.find((p) => p.path === `/es${GALLERY}`)?.heading ?? '';
  await page.goto(`/es${photoPath(GALLERY, photoSlugs(items)[0] as string)}`);
  await islandLive(page, 'gallery');
  const viewer = page.getByRole('dialog', { name: es.ui['viewer'] });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('button', { name: es.ui['zoomIn'] })).toBeVisible();
  await expect(viewer.getByRole('button', { name: es.ui['zoomOut'] })).toBeAttached();
  // The file's name reads as an English title: the Spanish caption is the gallery's and the position.
  const caption = captionOf(items[0]!, 1, { gallery, ui: es.ui, language: 'es' });
  expect(caption).not.toBe(titleFromName(items[0]!.name));
  await expect(page.locator('.yarl__slide_current')).toContainText(caption);
});
