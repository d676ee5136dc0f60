/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { catalogue, openMenu, watchConsole } from './helpers.ts';

const c = catalogue();
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('mobile menu: opens, traps focus, Esc closes and returns focus, a link navigates and closes it', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/');
  const open = page.getByRole('button', { name: c.ui['menu'] });
  await expect(open).toBeVisible();
  await expect(open).toHaveAttribute('popovertarget', 'site-menu');
  // The menu is a popover: it opens with no script, and its first opening loads the island, which
  // moves the focus in and keeps Tab inside.
  await openMenu(page);
  const menu = page.getByRole('dialog', { name: c.ui['menu'] });
  await expect(menu).toBeVisible();
  await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < c.site.nav.length + 3; i++) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await expect(menu).toBeVisible();
  const item = c.site.nav[1];
  await menu.getByRole('link', { name: item?.label }).click();
  await expect(page).toHaveURL(item?.href as string);
  await expect(menu).toBeHidden();
  await expect(page.locator('h1')).toHaveText(c.pages.find((p) => p.path === item?.href)?.heading as string);
  expect(problems()).toEqual([]);
});
