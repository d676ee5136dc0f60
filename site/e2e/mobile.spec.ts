/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { catalogue, watchConsole } from './helpers.ts';

const c = catalogue();
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('mobile menu: opens, traps focus, Esc closes and returns focus, a link navigates and closes it', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await page.waitForFunction(() => document.querySelector('#root')?.hasAttribute('data-hydrated'));
  const open = page.getByRole('button', { name: c.ui['menu'] });
  await expect(open).toBeVisible();
  await open.click();
  const menu = page.getByRole('dialog', { name: c.ui['menu'] });
  await expect(menu).toBeVisible();
  for (let i = 0; i < c.site.nav.length + 3; i++) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  const item = c.site.nav[1];
  await menu.getByRole('link', { name: item?.label }).click();
  await expect(page).toHaveURL(item?.href as string);
  await expect(menu).toBeHidden();
  await expect(page.locator('h1')).toHaveText(c.pages.find((p) => p.path === item?.href)?.heading as string);
  expect(problems()).toEqual([]);
});
