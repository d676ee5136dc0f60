import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { InterestKey, TextKey } from '../../engine/index.ts';
import { catalogueIn } from '../../engine/index.ts';
import { startSmtp, type TestSmtp } from '../../testing/consultations/smtp.ts';
import { formLabels, wakeIslands, watchConsole } from './helpers.ts';
import { fillSignIn, pageOfKind, startStaffSite, type StaffSite } from './staff-servers.ts';

/**
 * A consultation request in Spanish end to end, on a server of its own (fresh DATA_DIR, SQLite, a
 * loopback SMTP server): the Spanish form at `/es` + the page's path checks and answers in Spanish,
 * with and without JavaScript (the browser's messages and the server's), thanks in Spanish, and staff
 * read in English that the request is in Spanish, in the list and in the mail.
 */

test.describe.configure({ mode: 'serial' });

const { page: consult, catalogue } = pageOfKind('consultation');
const es = catalogueIn(catalogue, 'es').pages.find((p) => p.id === consult.id);
if (!es) throw new Error('The consultation page has no Spanish reading.');
const ES_PATH = `/es${consult.path}`;
const t = (key: TextKey | InterestKey): string => es.texts[key] ?? `<no Spanish text ${key}>`;
const en = (key: TextKey | InterestKey): string => consult.texts[key] ?? `<no text ${key}>`;
const LABELS = formLabels(t);
const SCREENS = t('interest-screens');

interface Visitor {
  readonly name: string;
  readonly email: string;
}
const WITH_JS: Visitor = { name: 'Lucía Guzmán', email: 'lucia@example.com' };
const WITHOUT_JS: Visitor = { name: 'Andrés Núñez', email: 'andres@example.com' };

let site: StaffSite;
let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
  site = await startStaffSite({ env: { SMTP_URL: smtp.url } });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.down();
});

let lastAddress = 100;
/** A browser context that speaks from an address of its own (TEST-NET-3), in Spanish. */
async function visitorContext(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  lastAddress += 1;
  return browser.newContext({
    javaScriptEnabled,
    locale: 'es-US',
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${lastAddress}` },
  });
}

async function fill(page: Page, v: Visitor): Promise<void> {
  await page.getByLabel(LABELS.name).fill(v.name);
  await page.getByLabel(LABELS.phone).fill('+1 (305) 555-0148');
  await page.getByLabel(LABELS.email).fill(v.email);
  await page.getByLabel(LABELS.place).fill('Hialeah');
  await page.getByLabel(SCREENS, { exact: true }).check();
  await page.getByLabel(LABELS.times).fill('Por las tardes');
  await page.getByLabel(LABELS.message).fill('Un porche de 6 x 4 m, orientado al oeste.');
  await page.getByLabel(t('consentLabel')).check();
}

const submit = (page: Page) => page.getByRole('button', { name: t('submit') });

/** A raw mail's text, its quoted-printable undone. */
const decoded = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (hex) => Buffer.from(hex.replace(/=/g, ''), 'hex').toString('utf8'));

test('with JavaScript: the Spanish form checks in Spanish, sends the language, and thanks in Spanish', async ({
  browser,
}) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${site.url}${ES_PATH}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.heading);
  await wakeIslands(page, 'consultation', { by: 'focus' });

  // The browser's message, in Spanish.
  await page.getByLabel(LABELS.email).fill('lucia@');
  await page.getByLabel(LABELS.email).blur();
  await expect(page.getByLabel(LABELS.email)).toHaveAccessibleDescription(t('emailError'));
  expect(t('emailError')).not.toBe(en('emailError'));

  await fill(page, WITH_JS);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await submit(page).click();
  const res = await answer;
  expect(res.status()).toBe(201);
  expect(res.request().postDataJSON()).toMatchObject({ language: 'es' });
  await expect(page.getByRole('heading', { name: t('thankYouTitle') })).toBeVisible();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: t('thankYouBody') })
      .first(),
  ).toBeVisible();
  expect(problems()).toEqual([]);
  await context.close();
});

test("without JavaScript: the server's messages and thank-you page are the Spanish page itself, linking the Spanish home page", async ({
  browser,
}) => {
  const context = await visitorContext(browser, false);
  const page = await context.newPage();
  await page.goto(`${site.url}${ES_PATH}`);
  await fill(page, WITHOUT_JS);
  await page.getByLabel(LABELS.phone).fill('llámeme');
  let answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await submit(page).click();
  expect((await answer).status()).toBe(422);
  await page.waitForLoadState('domcontentloaded');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // The Spanish page itself: its header (home link to /es), its heading, its footer.
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/es');
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.heading);
  await expect(page.getByRole('alert').filter({ hasText: t('errorTitle') })).toBeVisible();
  await expect(page.getByLabel(LABELS.phone)).toHaveAccessibleDescription(t('phoneError'));
  await expect(page.getByLabel(LABELS.name)).toHaveValue(WITHOUT_JS.name);

  await page.getByLabel(LABELS.phone).fill('305 555 0177');
  answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await submit(page).click();
  expect((await answer).status()).toBe(303);
  await page.waitForURL(`${site.url}${ES_PATH}/sent`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: t('thankYouTitle') })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(t('thankYouBody'));
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveAttribute('href', '/es');
  await context.close();
});

test('staff read in English that both requests are in Spanish, in the list and in the mail', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}/sign-in?next=${encodeURIComponent('/admin/requests')}`);
  await fillSignIn(page, 'office');
  await page.waitForURL(`${site.url}/admin/requests`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('columnheader', { name: 'Language' })).toBeVisible();
  for (const v of [WITH_JS, WITHOUT_JS]) {
    const row = page.locator('tbody tr').filter({ hasText: v.email });
    await expect(row.getByRole('cell', { name: 'Spanish', exact: true })).toBeVisible();
    // The staff list stays in English: the product as the English page names it.
    await expect(row).toContainText(en('interest-screens'));
  }
  await context.close();

  await expect.poll(() => smtp.messages.length).toBe(2);
  for (const v of [WITH_JS, WITHOUT_JS]) {
    const mail = decoded(smtp.messages.find((m) => m.includes(v.email)) ?? '');
    expect(mail).toContain('Language: Spanish (es) — reply in Spanish');
    expect(mail).toContain(`${en('nameLabel')}: ${v.name}`);
  }
});
