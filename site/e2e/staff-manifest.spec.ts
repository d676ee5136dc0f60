import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fillText } from '../../engine/placeholders.ts';
import { personOf } from '../../testing/staff-harness.ts';
import { watchConsole } from './helpers.ts';
import { pageOfKind, signInTo, startStaffSite, type StaffSite } from './staff-servers.ts';

test.describe.configure({ mode: 'serial' });

const { page: editor, t } = pageOfKind('manifest-editor');
const text = (key: Parameters<typeof t>[0], vars: Record<string, string | number> = {}) => fillText(t(key), vars);
let site: StaffSite;

test.beforeAll(async () => {
  // Publishing changes the site's manifest: this spec runs its own server on a fresh data directory.
  site = await startStaffSite();
});
test.afterAll(async () => {
  await site?.stop();
});

/** The new pergola variant, as staff fill in the guided form (field: value; lists one item per line). */
const POOL_SIDE = {
  slug: 'pool-side',
  name: 'Pool Side Pergolas',
  folder: 'Aluminum Pergolas/Pool Side',
  subcategory: 'louvered-roof',
  type: 'pool-side',
  description: 'A louvered pergola sized for the pool deck.',
  features: 'Salt-air finish\nLouvers rotate 0-90 degrees',
};

/** The 1-based line of the first line of a manifest file that holds `needle`. */
const lineOf = (file: string, needle: string): number =>
  readFileSync(`manifest/${file}`, 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(needle)) + 1;

const code = (page: Page): Locator => page.locator('.cm-content');
const problemList = (page: Page): Locator => page.getByTestId('manifest-problems');
const tab = (page: Page, name: string): Locator => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** Puts the cursor on the first `needle` of the file shown, with CodeMirror's search (Ctrl+F), as a person would. */
async function find(page: Page, needle: string): Promise<void> {
  await code(page).click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+f');
  await page.keyboard.type(needle);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
}

/** The status of a visitor page (the server follows a publish within about 2 s). */
const statusOf = async (page: Page, path: string): Promise<number> =>
  (await page.request.get(`${site.url}${path}`, { maxRedirects: 0 })).status();

test('a typo is marked at its line and publishing is refused; a new pergola variant is published, then rolled back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const problems = watchConsole(page);
  await signInTo(page, `${site.url}${editor.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(editor.heading);
  // The staff navigation offers the editor beside the other tools.
  await expect(page.getByRole('navigation').getByRole('link', { name: editor.heading })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByTestId('manifest-status')).toHaveText(text('statusLine', { n: 1, done: 1, total: 1 }));
  await expect(code(page)).toBeVisible();

  // A typo in a page's kind: marked at its line, listed with its place, and Publish refused.
  const line = lineOf('pages.yaml', 'kind: category');
  await tab(page, 'pages.yaml').click();
  await find(page, 'kind: category');
  await page.keyboard.press('End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('groy');
  const problem = problemList(page).getByRole('button').first();
  await expect(problem).toContainText(`pages.yaml:${line}:11`);
  await expect(problem).toContainText("Unknown page kind 'categroy'");
  await expect(page.locator('.cm-line', { hasText: 'kind: categroy' }).locator('.cm-lintRange-error')).toBeVisible();
  // Edited (the dot), with one problem (the count).
  await expect(tab(page, 'pages.yaml')).toHaveText(/^pages\.yaml •\s*1$/);

  // The draft survives a reload (kept in this browser for version 1).
  await page.reload();
  await expect(page.getByText(text('draftRestored', { n: 1 }))).toBeVisible();
  await expect(problemList(page).getByRole('button').first()).toContainText(`pages.yaml:${line}:11`);

  const published: string[] = [];
  page.on('request', (r) => r.url().endsWith('/admin/api/manifest/publish') && published.push(r.url()));
  await page.getByRole('button', { name: t('publish'), exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('publishRefused') })).toBeVisible();
  expect(published).toEqual([]);

  // Fixed from the problem's own button, which puts the cursor on it.
  await problemList(page).getByRole('button').first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('gory');
  await expect(page.getByText(t('checkOk'))).toBeVisible();

  // A new pergola variant through the guided form: it writes the member into families.yaml, and shows it.
  const addVariant = editor.texts['add-pergola-variants'] ?? '<no text add-pergola-variants>';
  await page.getByRole('button', { name: addVariant }).click();
  const form = page.getByRole('form', { name: addVariant });
  for (const [key, value] of Object.entries(POOL_SIDE)) await form.getByLabel(key, { exact: true }).fill(value);
  await form.getByRole('button', { name: t('guidedAdd') }).click();
  await expect(page.getByTestId('manifest-guided-text')).toContainText('- slug: pool-side');
  await expect(tab(page, 'families.yaml')).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.cm-line', { hasText: 'slug: pool-side' })).toBeVisible();
  const changes = page.getByTestId('manifest-changes');
  await expect(changes).toContainText('/pergola-pool-side');
  await expect(changes).toContainText('adds 1 product: pergola-pool-side');
  expect(await statusOf(page, '/pergola-pool-side')).toBe(404);

  // The draft's new landing page, previewed by the real renderer before anything is published.
  await page.getByRole('button', { name: t('previewButton') }).click();
  await expect(page.getByLabel(t('previewPage'))).toHaveValue('/pergola-pool-side');
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: t('previewOpen') }).click(),
  ]);
  await expect(preview.getByRole('heading', { level: 1 })).toContainText('Pool Side');
  await expect(preview.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const home = preview.locator('header a[href^="/admin/manifest/preview/"]').first();
  await expect(home).toBeVisible();
  await preview.close();
  expect(await statusOf(page, '/pergola-pool-side')).toBe(404);

  await page.getByLabel(t('noteLabel')).fill('Adds the pool side pergola');
  await page.getByRole('button', { name: t('publish'), exact: true }).click();
  await expect(page.getByText(text('publishedBody', { n: 2 }))).toBeVisible();
  await expect(page.getByTestId('manifest-status')).toHaveText(text('statusLine', { n: 2, done: 1, total: 1 }));
  const v2 = page.getByRole('listitem', { name: text('versionLine', { n: 2 }) });
  // Signed by the signed-in person's account, not a typed name.
  await expect(v2).toContainText(personOf('editor').name);
  await expect(v2).toContainText('Adds the pool side pergola');
  await expect(v2).toContainText(t('liveBadge'));

  // The new page is served, and the sitemap lists it.
  await expect.poll(() => statusOf(page, '/pergola-pool-side'), { timeout: 5000 }).toBe(200);
  const visitor = await page.context().newPage();
  await visitor.goto(`${site.url}/pergola-pool-side`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Pool Side Pergolas');
  await visitor.close();
  expect(await (await page.request.get(`${site.url}/sitemap.xml`)).text()).toContain('/pergola-pool-side<');

  // Version 1 published again (one click and a confirm): the page is gone and the sitemap follows.
  const v1 = page.getByRole('listitem', { name: text('versionLine', { n: 1 }) });
  await v1.getByRole('button', { name: t('diffLive') }).click();
  const added = page.getByTestId('manifest-version-detail').locator('[data-kind="+"]');
  await expect(added.filter({ hasText: '- slug: pool-side' })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await v1.getByRole('button', { name: t('publishAgain') }).click();
  await expect(page.getByText(text('publishedBody', { n: 3 }))).toBeVisible();
  await expect.poll(() => statusOf(page, '/pergola-pool-side'), { timeout: 5000 }).toBe(404);
  expect(await (await page.request.get(`${site.url}/sitemap.xml`)).text()).not.toContain('/pergola-pool-side<');
  await expect(page.getByTestId('manifest-status')).toHaveText(text('statusLine', { n: 3, done: 1, total: 1 }));
  expect(problems().filter((p) => !/status of 409|status of 422/.test(p))).toEqual([]);
});

test('a publish on a stale version is refused with a per-file diff; staff take the live files and nothing is lost', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await signInTo(page, `${site.url}${editor.path}`);
  await expect(code(page)).toBeVisible();
  await tab(page, 'pages.yaml').click();
  await find(page, 'heading: Staff Sign In');
  await page.keyboard.press('End');
  await page.keyboard.type(' Here');
  await expect(page.getByTestId('manifest-changes').or(page.getByText(t('noChanges')))).toBeVisible();

  // Meanwhile someone else publishes a change of another file (a script, through the same API).
  const api = (path: string) => `${site.url}/admin/api/manifest${path}`;
  const live = (await (await page.request.get(api(''))).json()) as {
    version: number;
    files: { name: string; text: string }[];
  };
  const files = live.files.map((f) =>
    f.name === 'catalogue.yaml'
      ? { ...f, text: f.text.replace('name: Shade & Shelter Co.', 'name: Shade & Shelter Company') }
      : f,
  );
  const other = await page.request.post(api('/publish'), {
    headers: { origin: site.url },
    data: { baseVersion: live.version, files, note: 'Company name', author: 'Eli' },
  });
  expect(other.status()).toBe(200);

  await page.getByRole('button', { name: t('publish'), exact: true }).click();
  const conflict = page.getByTestId('manifest-conflict');
  await expect(conflict.getByRole('heading', { level: 2 })).toHaveText(t('conflictHeading'));
  await expect(conflict).toContainText(text('conflictBody', { n: live.version + 1 }));
  await expect(conflict.locator('[data-kind="+"]', { hasText: 'name: Shade & Shelter Company' }).first()).toBeVisible();
  await expect(conflict.locator('[data-kind="+"]', { hasText: 'heading: Staff Sign In Here' })).toBeVisible();

  await conflict.getByRole('button', { name: t('takeLive') }).click();
  await expect(conflict.getByRole('status')).toHaveText(t('takenLive'));
  await expect(tab(page, 'pages.yaml')).not.toContainText('•');
  // The earlier draft is still shown, to make the change again by hand; the other publish stands.
  await expect(conflict.locator('[data-kind="+"]', { hasText: 'heading: Staff Sign In Here' })).toBeVisible();
  const after = (await (await page.request.get(api(''))).json()) as typeof live;
  expect(after.version).toBe(live.version + 1);
  expect(after.files.find((f) => f.name === 'catalogue.yaml')?.text).toContain('Shade & Shelter Company');
  expect(problems().filter((p) => !/status of 409/.test(p))).toEqual([]);
});

test('a draft this browser kept for a version that is no longer live comes back as a conflict, not silently', async ({
  page,
}) => {
  await signInTo(page, `${site.url}${editor.path}`);
  await expect(code(page)).toBeVisible();
  // A draft of version 1 left in this browser (versions 2 to 4 went live since), as the editor keeps it.
  const v1 = (await (await page.request.get(`${site.url}/admin/api/manifest/versions/1`)).json()) as {
    files: { name: string; text: string }[];
  };
  const draft = v1.files.map((f) =>
    f.name === 'pages.yaml' ? { ...f, text: f.text.replace('heading: Folder Health', 'heading: Folder Check') } : f,
  );
  await page.evaluate((files) => localStorage.setItem('manifest-draft:1', JSON.stringify(files)), draft);
  await page.reload();
  const conflict = page.getByTestId('manifest-conflict');
  await expect(conflict).toContainText(text('liveChanges', { n: 1 }));
  await expect(conflict.locator('[data-kind="+"]', { hasText: 'heading: Folder Check' })).toBeVisible();
  await conflict.getByRole('button', { name: t('close') }).click();
  await page.reload();
  await expect(code(page)).toBeVisible();
  await expect(conflict).toHaveCount(0);
});
