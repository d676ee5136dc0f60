import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CONSULTATION_FIELDS, HONEYPOT_FIELD, type ConsultationField } from '../../engine/shared/consultation.ts';
import { startSmtp, type TestSmtp } from '../../testing/consultations/smtp.ts';
import { formLabels, wakeIslands, watchConsole } from './helpers.ts';
import { personOf } from '../../testing/staff-harness.ts';
import { fillSignIn, pageOfKind, startStaffSite, type StaffSite } from './staff-servers.ts';

/**
 * Consultation requests end to end, on a server of their own (fresh DATA_DIR, SQLite, a loopback SMTP
 * server): the form with and without JavaScript, the staff list, and spam refused with 4xx. Each test
 * speaks from its own client address (X-Forwarded-For, believed from loopback as behind a local
 * proxy), so that the per-address rate limit counts only that test's requests.
 */

test.describe.configure({ mode: 'serial' });

const RATE_LIMIT = 3;
const { page: consult, catalogue, t } = pageOfKind('consultation');
const signInTexts = pageOfKind('sign-in').t;
const interest = (category: string) => consult.texts[`interest-${category}`] ?? `<no interest-${category}>`;
const ui = (key: 'bookConsultation') => catalogue.ui[key] ?? `<no ui text ${key}>`;
const LABELS: Record<Exclude<ConsultationField, 'products' | 'consent'>, string> = formLabels(t);
const REQUESTS = '/admin/requests';

interface Visitor {
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly place: string;
  readonly products: readonly string[];
  readonly times: string;
  readonly message: string;
}
const WITH_JS: Visitor = {
  name: 'Jenna Script',
  phone: '+1 (954) 555-0101',
  email: 'jenna@example.com',
  place: 'Fort Lauderdale',
  products: [interest('screens'), interest('aluminum-pergolas')],
  times: 'Weekday mornings',
  message: 'Patio of 20 x 14 ft, west facing. "Quotes" & <angle brackets> stay text.',
};
const WITHOUT_JS: Visitor = {
  name: 'Nolan <No> Script',
  phone: '954 555 0202',
  email: 'nolan@example.com',
  place: '33316',
  products: [interest('retractable-awnings')],
  times: 'Saturdays',
  message: '=HYPERLINK("x") is only text',
};

let site: StaffSite;
let smtp: TestSmtp;
test.beforeAll(async () => {
  smtp = await startSmtp();
  site = await startStaffSite({ env: { SMTP_URL: smtp.url, CONSULTATION_RATE_LIMIT: String(RATE_LIMIT) } });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.down();
});

let lastAddress = 0;
/** A browser context that speaks from an address of its own (TEST-NET-3). */
async function visitorContext(
  browser: Browser,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<BrowserContext> {
  lastAddress += 1;
  return browser.newContext({
    ...options,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'X-Forwarded-For': `203.0.113.${lastAddress}` },
  });
}

async function fill(page: Page, v: Visitor, { consent = true } = {}): Promise<void> {
  await page.getByLabel(LABELS.name).fill(v.name);
  await page.getByLabel(LABELS.phone).fill(v.phone);
  await page.getByLabel(LABELS.email).fill(v.email);
  await page.getByLabel(LABELS.place).fill(v.place);
  for (const p of v.products) await page.getByLabel(p, { exact: true }).check();
  await page.getByLabel(LABELS.times).fill(v.times);
  await page.getByLabel(LABELS.message).fill(v.message);
  if (consent) await page.getByLabel(t('consentLabel')).check();
}

const submit = (page: Page) => page.getByRole('button', { name: t('submit') });
const productsGroup = (page: Page) => page.getByRole('group', { name: t('productsLabel') });
const consentBox = (page: Page) => page.getByLabel(t('consentLabel'));
/** The control a field's message belongs to (by aria-describedby). */
const control = (page: Page, field: ConsultationField) =>
  field === 'products' ? productsGroup(page) : field === 'consent' ? consentBox(page) : page.getByLabel(LABELS[field]);
const errorText = (field: ConsultationField) => t(`${field}Error`);

/** Submits the plain form and answers the status of the POST. */
async function postForm(page: Page): Promise<number> {
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await submit(page).click();
  const status = (await answer).status();
  await page.waitForLoadState('domcontentloaded');
  return status;
}

test('with JavaScript: from the home page call to action, each bad field gets its message inline, then a toast and the thank-you', async ({
  browser,
}) => {
  const context = await visitorContext(browser);
  const page = await context.newPage();
  const problems = watchConsole(page);
  await page.goto(`${site.url}/`);
  await page
    .getByRole('link', { name: ui('bookConsultation') })
    .first()
    .click();
  await page.waitForURL(`${site.url}${consult.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(consult.heading);
  // The form's island loads when the visitor first reaches for it (here the keyboard focus).
  await wakeIslands(page, 'consultation', { by: 'focus' });
  // The page the call to action leads to does not offer it again.
  await expect(page.locator('main').getByRole('link', { name: ui('bookConsultation') })).toHaveCount(0);

  // A field is checked when it is left, and its message goes once the value is right.
  await page.getByLabel(LABELS.email).fill('jenna@');
  await page.getByLabel(LABELS.email).blur();
  await expect(control(page, 'email')).toHaveAccessibleDescription(errorText('email'));
  await expect(control(page, 'email')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(LABELS.email).fill(WITH_JS.email);
  await expect(control(page, 'email')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText(errorText('email'))).toHaveCount(0);

  // Submitting with every field wrong: each gets its own message beside it, nothing is sent.
  await page.getByLabel(LABELS.email).fill('not an address');
  await page.getByLabel(LABELS.phone).fill('call me');
  await page.getByLabel(LABELS.times).fill('x'.repeat(201));
  await page.getByLabel(LABELS.message).fill('y'.repeat(2001));
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST') posted += 1;
  });
  await submit(page).click();
  for (const field of CONSULTATION_FIELDS) {
    await expect(control(page, field), field).toHaveAccessibleDescription(errorText(field));
  }
  await expect(page.locator('[aria-invalid=true]')).toHaveCount(CONSULTATION_FIELDS.length);
  // The first wrong field takes the focus.
  await expect(page.getByLabel(LABELS.name)).toBeFocused();
  expect(posted).toBe(0);

  await fill(page, WITH_JS);
  for (const field of CONSULTATION_FIELDS) await expect(page.getByText(errorText(field))).toHaveCount(0);
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await submit(page).click();
  expect((await answer).status()).toBe(201);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: t('thankYouBody') })
      .filter({ hasNotText: t('thankYouTitle') }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: t('thankYouTitle') })).toBeVisible();
  await expect(page.locator('form')).toHaveCount(0);

  // Staff are told by mail.
  await expect.poll(() => smtp.messages.some((m) => m.includes(WITH_JS.email))).toBe(true);
  expect(problems()).toEqual([]);
  await context.close();
});

test('without JavaScript: a plain form POST; bad fields come back with their messages and the visitor values, then the thank-you page', async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${site.url}${consult.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(consult.heading);

  await page.getByLabel(LABELS.name).fill(WITHOUT_JS.name);
  await page.getByLabel(LABELS.phone).fill('ring me');
  await page.getByLabel(LABELS.email).fill('nolan@');
  await page.getByLabel(LABELS.place).fill(WITHOUT_JS.place);
  await page.getByLabel(WITHOUT_JS.products[0]!, { exact: true }).check();
  await page.getByLabel(LABELS.times).fill(WITHOUT_JS.times);
  await page.getByLabel(LABELS.message).fill(WITHOUT_JS.message);
  expect(await postForm(page)).toBe(422);
  // The answer is the site's own page: header, navigation, footer, the form's heading.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('navigation').first()).toBeAttached();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(consult.heading);
  await expect(page.getByRole('alert').filter({ hasText: t('errorTitle') })).toBeVisible();
  for (const field of ['phone', 'email', 'consent'] as const) {
    await expect(control(page, field), field).toHaveAccessibleDescription(errorText(field));
  }
  for (const field of ['name', 'place', 'products', 'times', 'message'] as const) {
    await expect(page.getByText(errorText(field)), field).toHaveCount(0);
  }
  // What the visitor typed is kept, exactly (markup characters too).
  await expect(page.getByLabel(LABELS.name)).toHaveValue(WITHOUT_JS.name);
  await expect(page.getByLabel(LABELS.phone)).toHaveValue('ring me');
  await expect(page.getByLabel(LABELS.email)).toHaveValue('nolan@');
  await expect(page.getByLabel(LABELS.place)).toHaveValue(WITHOUT_JS.place);
  await expect(page.getByLabel(WITHOUT_JS.products[0]!, { exact: true })).toBeChecked();
  await expect(page.getByLabel(LABELS.times)).toHaveValue(WITHOUT_JS.times);
  await expect(page.getByLabel(LABELS.message)).toHaveValue(WITHOUT_JS.message);
  await expect(consentBox(page)).not.toBeChecked();

  await page.getByLabel(LABELS.phone).fill(WITHOUT_JS.phone);
  await page.getByLabel(LABELS.email).fill(WITHOUT_JS.email);
  await consentBox(page).check();
  // Post/Redirect/Get: the stored request is answered with a redirect to the thank-you page.
  expect(await postForm(page)).toBe(303);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('heading', { name: t('thankYouTitle') })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(t('thankYouBody'));
  await expect(page.locator('form')).toHaveCount(0);
  await context.close();
});

test('staff find the requests newest first, mark them, filter by status and export them as CSV', async ({
  browser,
}) => {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${site.url}${REQUESTS}`);
  await page.waitForURL(/\/sign-in\?next=/);
  await fillSignIn(page, 'office');
  await page.waitForURL(`${site.url}${REQUESTS}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('staffHeading'));
  // In the staff frame, as every staff page: this list current among the tools the office person may
  // open (only this one), their name, and sign-out.
  const frame = page.getByRole('banner');
  await expect(frame.getByRole('link', { name: t('staffHeading') })).toHaveAttribute('aria-current', 'page');
  await expect(frame.getByRole('navigation').getByRole('link')).toHaveCount(1);
  await expect(frame.getByText(personOf('office').name)).toBeVisible();
  await expect(frame.getByRole('button', { name: signInTexts('signOut') })).toBeVisible();

  const rows = page.locator('tbody tr');
  const row = (v: Visitor) => rows.filter({ hasText: v.email });
  const filter = (key: Parameters<typeof t>[0]) => page.getByRole('navigation').getByRole('link', { name: t(key) });
  await expect(rows).toHaveCount(2);
  // Newest first; the visitor's text shown as text.
  await expect(rows.nth(0)).toContainText(WITHOUT_JS.name);
  await expect(rows.nth(1)).toContainText(WITH_JS.name);
  await expect(row(WITH_JS)).toContainText(WITH_JS.message);
  await expect(row(WITH_JS)).toContainText(WITH_JS.products.join(', '));
  await expect(rows.nth(0)).toContainText(t('status-new'));

  await row(WITH_JS)
    .getByRole('button', { name: t('markContacted') })
    .click();
  await expect(row(WITH_JS)).toContainText(t('status-contacted'));
  await expect(row(WITH_JS).getByRole('button', { name: t('markContacted') })).toHaveCount(0);

  await filter('status-contacted').click();
  await expect(page).toHaveURL(/\?status=contacted$/);
  await expect(rows).toHaveCount(1);
  await expect(row(WITH_JS)).toBeVisible();
  await filter('status-new').click();
  await expect(rows).toHaveCount(1);
  await expect(row(WITHOUT_JS)).toBeVisible();

  // Marked done from the filtered list: back on that list, where it no longer is.
  await row(WITHOUT_JS)
    .getByRole('button', { name: t('markDone') })
    .click();
  await expect(page).toHaveURL(/\?status=new$/);
  await expect(page.getByText(t('staffEmpty'))).toBeVisible();
  await filter('status-done').click();
  await expect(row(WITHOUT_JS)).toContainText(t('status-done'));

  await filter('staffAll').click();
  await expect(rows).toHaveCount(2);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: t('staffExport') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = (await readFile(await file.path(), 'utf8')).replace(/^\ufeff/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(/^created_at,status,name,phone,email/);
  expect(lines[1]).toContain(`,done,${WITHOUT_JS.name},${WITHOUT_JS.phone},${WITHOUT_JS.email},`);
  // A formula is defused; quotes are doubled.
  expect(lines[1]).toContain(`"'=HYPERLINK(""x"") is only text"`);
  expect(lines[2]).toContain(`,contacted,${WITH_JS.name},`);
  expect(lines[2]).toContain('screens,aluminum-pergolas');
  await context.close();
});

test('spam: a filled honeypot is refused with 400, with and without JavaScript', async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await visitorContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${site.url}${consult.path}`);
    if (javaScriptEnabled) await wakeIslands(page, 'consultation');
    await fill(page, { ...WITH_JS, name: 'Honey Bot' });
    await page.locator(`#${HONEYPOT_FIELD}`).fill('https://spam.example');
    expect(await postForm(page)).toBe(400);
    await expect(page.getByText(t('spam'))).toBeVisible();
    await context.close();
  }
});

test('spam: the per-address rate limit answers 429 after the limit; another address is still served', async ({
  browser,
}) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  for (let i = 1; i <= RATE_LIMIT + 1; i++) {
    await page.goto(`${site.url}${consult.path}`);
    await fill(page, { ...WITHOUT_JS, name: `Repeat Visitor ${i}` });
    const status = await postForm(page);
    if (i <= RATE_LIMIT) {
      expect(status, `request ${i}`).toBe(303);
    } else {
      expect(status).toBe(429);
      await expect(page.getByRole('alert')).toHaveText(t('tooMany'));
      // The visitor's values are kept for when they try again.
      await expect(page.getByLabel(LABELS.name)).toHaveValue(`Repeat Visitor ${i}`);
    }
  }
  await context.close();

  const other = await visitorContext(browser, { javaScriptEnabled: false });
  const next = await other.newPage();
  await next.goto(`${site.url}${consult.path}`);
  await fill(next, { ...WITHOUT_JS, name: 'Someone Else' });
  expect(await postForm(next)).toBe(303);
  await other.close();
});

test('spam: a form posted from another site is refused with 403 and nothing is stored', async ({ browser }) => {
  const context = await visitorContext(browser, { javaScriptEnabled: false });
  const page = await context.newPage();
  // A page of another origin that posts a complete request to the site.
  const fields: Record<string, string> = {
    name: 'Cross Site',
    phone: WITH_JS.phone,
    email: 'cross@example.com',
    place: WITH_JS.place,
    products: 'screens',
    consent: 'yes',
  };
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
    .join('');
  await page.route('http://other-site.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" action="${site.url}${consult.path}">${inputs}<button>Go</button></form>`,
    }),
  );
  await page.goto('http://other-site.example/');
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Go' }).click();
  const res = await answer;
  expect(res.status()).toBe(403);
  expect(res.request().headers()['origin']).toBe('http://other-site.example');
  await context.close();

  const staff = await browser.newContext();
  const list = await staff.newPage();
  await list.goto(`${site.url}/sign-in?next=${encodeURIComponent(REQUESTS)}`);
  await fillSignIn(list, 'office');
  await list.waitForURL(`${site.url}${REQUESTS}`);
  await expect(list.locator('tbody tr').first()).toBeVisible();
  await expect(list.getByText('cross@example.com')).toHaveCount(0);
  await staff.close();
});

test('on a phone (390 x 844) every control of the form is a 44 px target and nothing runs off the screen, with and without JavaScript', async ({
  browser,
}) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${site.url}${consult.path}`);
    if (javaScriptEnabled) await wakeIslands(page, 'consultation');
    else {
      // The server's own page (the form again, with its messages).
      await submit(page).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
    }
    const targets = [
      ...Object.values(LABELS).map((label) => page.getByLabel(label)),
      page.locator('label').filter({ has: page.locator('input[type=checkbox]') }),
      submit(page),
    ];
    for (const target of targets) {
      for (const one of await target.all()) {
        const box = await one.boundingBox();
        expect(
          box?.height,
          `${javaScriptEnabled ? 'JS' : 'no JS'}: ${await one.evaluate((e) => e.outerHTML.slice(0, 80))}`,
        ).toBeGreaterThanOrEqual(44);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }
});

test('on a wide screen the ways to reach the company stand beside the form; on a phone the footer has them', async ({
  browser,
}) => {
  const contact = catalogue.site.contact;
  if (!contact) throw new Error('the manifest has no contact');
  for (const [width, beside] of [
    [1280, true],
    [390, false],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.url}${consult.path}`);
    const aside = page.locator('main aside');
    if (!beside) {
      await expect(aside).toBeHidden();
    } else {
      await expect(aside).toBeVisible();
      await expect(aside.locator(`a[href^="tel:"]`)).toBeVisible();
      await expect(aside.locator(`a[href="mailto:${contact.email}"]`)).toBeVisible();
      // Beside the page's own form, it does not link to it again.
      await expect(aside.getByRole('link', { name: ui('bookConsultation') })).toHaveCount(0);
      const form = await page.locator('main form').boundingBox();
      const box = await aside.boundingBox();
      expect(box?.x ?? 0).toBeGreaterThanOrEqual((form?.x ?? 0) + (form?.width ?? 0));
    }
    await context.close();
  }
});
