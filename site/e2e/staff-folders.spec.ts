import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fillText } from '../../engine/placeholders.ts';
import { watchConsole } from './helpers.ts';
import { pageOfKind, signInTo, startStaffSite, type StaffSite } from './staff-servers.ts';

test.describe.configure({ mode: 'serial' });

const { page: setup, catalogue, t } = pageOfKind('folder-setup');
const paths = catalogue.folders.map((f) => f.path);
const total = paths.length;
const progress = (done: number): string => fillText(t('progress'), { done, total });
const row = (page: Page, path: string) => page.locator(`li[data-path="${path}"]`);
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('local store', () => {
  let site: StaffSite;
  test.beforeAll(async () => {
    // Two folders exist already; the rest are for the checklist to create.
    site = await startStaffSite({
      prepare: (dir) => mkdir(join(dir, 'media', 'Screens', 'Motorized Screens'), { recursive: true }).then(() => {}),
    });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('scan, mark done, copy, create missing: the progress moves to complete and stays after reload', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const problems = watchConsole(page);
    await signInTo(page, `${site.url}${setup.path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(setup.heading);
    await expect(page.locator('li[data-path]')).toHaveCount(total);
    // The first load already counts the two folders the store has (as folder health does).
    await expect(page.getByText(progress(2), { exact: true })).toBeVisible();
    const instructions = setup.sections.find((s) => s.id === 'instructions')!;
    await expect(page.getByRole('region', { name: instructions.heading }).getByRole('listitem')).toHaveCount(4);
    await expect(page.getByTestId('local-root')).toHaveText(
      fillText(t('localRoot'), { path: join(site.dataDir, 'media') }),
    );

    await page.getByRole('button', { name: t('scan') }).click();
    await expect(toast(page, fillText(t('scanDoneBody'), { n: 2 }))).toContainText(t('scanDoneTitle'));
    await expect(page.getByText(progress(2), { exact: true })).toBeVisible();
    await expect(row(page, 'Screens')).toContainText(t('done'));

    await row(page, 'Aluminum Pergolas')
      .getByRole('button', { name: t('markDone') })
      .click();
    await expect(toast(page, fillText(t('markedBody'), { path: 'Aluminum Pergolas' }))).toContainText(t('markedTitle'));
    await expect(page.getByText(progress(3), { exact: true })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('value', '3');

    const path = 'Aluminum Pergolas/Fixed Roof/Attached to Structure';
    await row(page, path)
      .getByRole('button', { name: t('copy') })
      .click();
    await expect(toast(page, fillText(t('copiedBody'), { path }))).toContainText(t('copiedTitle'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(path);

    await page.getByRole('button', { name: t('createMissing') }).click();
    await expect(toast(page, fillText(t('createdBody'), { n: total - 2 }))).toContainText(t('createdTitle'));
    await expect(page.getByText(progress(total), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('markDone') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('createMissing') })).toBeDisabled();

    await page.reload();
    await page.locator('#staff-root[data-ready]').waitFor();
    await expect(page.getByText(progress(total), { exact: true })).toBeVisible();
    expect(problems()).toEqual([]);
  });
});

test.describe('drive store against the fake Drive', () => {
  let site: StaffSite;
  test.beforeAll(async () => {
    site = await startStaffSite({ drive: true });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test("a creation Drive refuses shows the server's message, not the raw HTTP answer", async ({ page }) => {
    const { fake } = site.drive!;
    const problems = watchConsole(page);
    await signInTo(page, `${site.url}${setup.path}`);
    fake.failNext('files.create', 1, 'storageQuotaExceeded');
    await page.getByRole('button', { name: t('createMissing') }).click();
    const shown = toast(page, t('createFailedTitle'));
    await expect(shown).toBeVisible();
    const text = (await shown.innerText()).replace(t('createFailedTitle'), '').trim();
    expect(text).toMatch(/Shared Drive.*try again/i); // the server's JSON `error` text (what staff must do) ...
    expect(text).not.toMatch(/^\d{3}: |\{"error"/); // ... not the raw answer
    expect(problems().filter((p) => !/status of 5\d\d/.test(p))).toEqual([]);
  });

  test('the button opens the root folder; create missing folders makes them all on Drive', async ({ page }) => {
    const { fake, rootId } = site.drive!;
    fake.state.addFolder('Retractable Awnings', rootId);
    await signInTo(page, `${site.url}${setup.path}`);
    await expect(page.getByRole('link', { name: t('openRoot') })).toHaveAttribute(
      'href',
      `https://drive.google.com/drive/folders/${rootId}`,
    );
    await page.getByRole('button', { name: t('scan') }).click();
    await expect(toast(page, fillText(t('scanDoneBody'), { n: 1 }))).toBeVisible();
    await expect(page.getByText(progress(1), { exact: true })).toBeVisible();

    await page.getByRole('button', { name: t('createMissing') }).click();
    await expect(toast(page, fillText(t('createdBody'), { n: total - 1 }))).toContainText(t('createdTitle'));
    await expect(page.getByText(progress(total), { exact: true })).toBeVisible();
    for (const p of paths) expect(fake.state.findPath(rootId, p), p).toBeDefined();
  });

  test('a scan that Drive refuses says so', async ({ page }) => {
    const { fake } = site.drive!;
    await signInTo(page, `${site.url}${setup.path}`);
    fake.failNext('files.list', 50, 'storageQuotaExceeded');
    await page.getByRole('button', { name: t('scan') }).click();
    await expect(toast(page, t('scanFailedBody'))).toContainText(t('scanFailedTitle'));
  });
});
