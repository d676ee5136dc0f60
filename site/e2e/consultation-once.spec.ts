import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { request as newRequest } from '@playwright/test';
import { atPrefix, catalogueIn, prefixOf, type TextKey } from '../../engine/index.ts';
import { formLabels, islandLive, wakeIslands } from './helpers.ts';
import { pageOfKind, signInRequest, startStaffSite, type StaffSite } from './staff-servers.ts';

/**
 * A lead is never lost, in both languages: what a visitor enters before the form's script is live is
 * kept; each form view stores one request however often it is sent (double click, reload of the
 * thank-you page); without JavaScript a stored request is answered with a redirect (Post/Redirect/Get).
 * On a server of its own, so that the rows it counts are its own.
 */

test.describe.configure({ mode: 'serial' });

const LANGUAGES = ['en', 'es'] as const;
let site: StaffSite;
let staff: APIRequestContext;

test.beforeAll(async () => {
  site = await startStaffSite({ env: { CONSULTATION_RATE_LIMIT: '50' } });
  staff = await newRequest.newContext({ baseURL: site.url, extraHTTPHeaders: { origin: site.url } });
  await signInRequest(staff, site.url, 'office');
});
test.afterAll(async () => {
  await staff?.dispose();
  await site?.stop();
});

/** How many stored requests carry this name (the staff CSV export). */
async function storedNamed(name: string): Promise<number> {
  const csv = await (await staff.get('/admin/requests.csv')).text();
  return csv.split('\n').filter((line) => line.includes(name)).length;
}

let address = 100;
/** A visitor from an address of their own; with JavaScript on a phone (the form is taller than the screen). */
const visitor = (browser: Browser, javaScriptEnabled: boolean) =>
  browser.newContext({
    javaScriptEnabled,
    viewport: javaScriptEnabled ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${(address += 1)}` },
  });

/** Everything but name and phone, which each test enters its own way. */
async function fillRest(page: Page, labels: ReturnType<typeof formLabels>, t: (k: 'consentLabel') => string) {
  await page.getByLabel(labels.email).fill('lead@example.com');
  await page.getByLabel(labels.place).fill('Miami');
  await page.locator('input[name=products]').first().check();
  await page.getByLabel(t('consentLabel')).check();
}

const english = pageOfKind('consultation');
/** The consultation page in a language: its address and texts. */
function consultationIn(language: string) {
  const page = catalogueIn(english.catalogue, language).pages.find((p) => p.id === english.page.id);
  if (!page) throw new Error(`The consultation page has no ${language} reading.`);
  const path = atPrefix(english.page.path, prefixOf(english.catalogue, language));
  return { path, t: (key: TextKey): string => page.texts[key] ?? `<no ${language} text ${key}>` };
}

for (const language of LANGUAGES) {
  const consult = consultationIn(language);
  const t = consult.t;
  const labels = formLabels(t);
  const submit = (page: Page) => page.getByRole('button', { name: t('submit') });

  test(`${language}: values entered before the script is live are kept, and a double click stores one request`, async ({
    browser,
  }) => {
    const context = await visitor(browser, true);
    const page = await context.newPage();
    const name = `Early Typist ${language}`;
    await page.goto(`${site.url}${consult.path}`, { waitUntil: 'domcontentloaded' });
    // Typed (or autofilled) while the form is still the server's HTML.
    await page.getByLabel(labels.name).fill(name);
    await page.getByLabel(labels.phone).fill('305 555 0100');
    await wakeIslands(page, 'consultation', { by: 'focus' });
    await islandLive(page, 'consultation');
    await page.getByLabel(labels.email).fill('x');
    await page.getByLabel(labels.email).blur();
    await expect(page.getByLabel(labels.name)).toHaveValue(name);
    await expect(page.getByLabel(labels.phone)).toHaveValue('305 555 0100');
    // Messages only for what is wrong: the email, not the name or phone the visitor gave.
    await expect(page.getByLabel(labels.email)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(labels.name)).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel(labels.phone)).not.toHaveAttribute('aria-invalid');

    await fillRest(page, labels, t);
    const posts: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST') posts.push(r.status());
    });
    await submit(page).dblclick();
    // The thank-you takes the form's place in view, below the sticky header, wherever the visitor had scrolled.
    const heading = page.getByRole('heading', { name: t('thankYouTitle') });
    await expect(heading).toBeInViewport();
    await expect
      .poll(async () => (await heading.boundingBox())!.y - (await page.locator('header').first().boundingBox())!.y)
      .toBeGreaterThanOrEqual((await page.locator('header').first().boundingBox())!.height);
    // The toast leaves the header and its navigation uncovered.
    const toast = page
      .getByRole('status')
      .filter({ hasText: t('thankYouBody') })
      .filter({ hasNotText: t('thankYouTitle') });
    await expect(toast).toBeVisible();
    const [toastBox, headerBox] = [await toast.boundingBox(), await page.locator('header').first().boundingBox()];
    expect(toastBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
    await expect.poll(() => posts.length).toBeGreaterThan(0);
    expect(posts.every((s) => s === 201)).toBe(true);
    expect(await storedNamed(name)).toBe(1);
    await context.close();
  });

  test(`${language}: without JavaScript a stored request redirects to the thank-you page, whose reload stores nothing`, async ({
    browser,
  }) => {
    const context = await visitor(browser, false);
    const page = await context.newPage();
    const name = `Plain Poster ${language}`;
    await page.goto(`${site.url}${consult.path}`);
    const token = await page.locator('input[name=token]').inputValue();
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByLabel(labels.name).fill(name);
    await page.getByLabel(labels.phone).fill('305 555 0111');
    await fillRest(page, labels, t);
    const answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await submit(page).click();
    expect((await answer).status()).toBe(303);
    await page.waitForURL(`${site.url}${consult.path}/sent`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { name: t('thankYouTitle') })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: t('thankYouTitle') })).toBeVisible();
    expect(await storedNamed(name)).toBe(1);

    // Back at the form: empty, with a new token (the page is never kept by a cache).
    const again = await page.goto(`${site.url}${consult.path}`);
    expect(again?.headers()['cache-control']).toBe('no-store');
    expect(again?.headers()['cdn-cache-control']).toBeUndefined();
    await expect(page.getByLabel(labels.name)).toHaveValue('');
    expect(await page.locator('input[name=token]').inputValue()).not.toBe(token);
    await context.close();
  });
}
