/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { routeCases, watchConsole } from './helpers.ts';
import { FIXTURES } from './fixtures.ts';

/** Every visitor route of the generated route table, as the manifest describes it. */
for (const route of routeCases()) {
  test(`${route.path} (${route.kind})`, async ({ page }) => {
    // The e2e server makes one folder's listing fail: that gallery answers 503 with its error text.
    const failing = route.path === FIXTURES.failing.path;
    const problems = watchConsole(page, { allow404: route.status === 404, allow503: failing });
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(failing ? 503 : route.status);
    // Browsers revalidate every page (a new slot image shows at once); only CDNs may serve it briefly stale.
    // The consultation form is one view (its token): no cache may keep it.
    if (route.status === 200 && !failing && route.kind === 'consultation') {
      expect(response?.headers()['cache-control']).toBe('no-store');
    } else if (route.status === 200 && !failing) {
      expect(response?.headers()['cache-control']).toBe('no-cache');
      expect(response?.headers()['cdn-cache-control']).toMatch(/s-maxage=\d+/);
    }
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(route.h1);
    const crumbs = page.getByTestId('breadcrumb').locator('li');
    if (route.breadcrumb.length) await expect(crumbs).toHaveText([...route.breadcrumb]);
    else await expect(crumbs).toHaveCount(0);
    // Every island of the page hydrates without a complaint. The menu is on every visitor page; its
    // popover opening loads the page's script (a gallery's comes with the page), which hydrates the
    // islands that wait for the visitor, and the menu.
    await expect(page.locator('[data-island="menu"]')).toHaveCount(1);
    await page.evaluate(() => document.getElementById('site-menu')?.showPopover());
    await expect(page.locator('[data-island]:not([data-live])')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(problems()).toEqual([]);
  });
}
