import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { fillText } from '../../engine/placeholders.ts';
import { personOf } from '../../testing/staff-harness.ts';
import { watchConsole } from './helpers.ts';
import { pageOfKind, signInTo, startStaffSite, type StaffSite } from './staff-servers.ts';

test.describe.configure({ mode: 'serial' });

const { page: manager, catalogue, t } = pageOfKind('image-manager');
let site: StaffSite;

test.beforeAll(async () => {
  site = await startStaffSite();
});
test.afterAll(async () => {
  await site?.stop();
});

const card = (page: Page, slot: string): Locator => page.locator(`[data-slot="${slot}"]`);

/** Drags `file` over the drop zone and drops it, as a person dragging from the desktop does. */
async function dropFile(zone: Locator, file: { name: string; type: string; text: string }): Promise<void> {
  const transfer = await zone.page().evaluateHandle((f) => {
    const dt = new DataTransfer();
    dt.items.add(new File([f.text], f.name, { type: f.type }));
    return dt;
  }, file);
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await expect(zone).toContainText(t('dropHere'));
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('a staff page sends a visitor to sign in; a wrong password is refused', async ({ page }) => {
  const signIn = pageOfKind('sign-in');
  await page.goto(`${site.url}${manager.path}`);
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin%2Fimages$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(signIn.page.heading);
  await page.getByLabel(signIn.t('emailLabel')).fill(personOf('editor').email);
  await page.getByLabel(signIn.t('password')).fill('not the password');
  await page.getByRole('button', { name: signIn.t('submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(signIn.t('wrongPassword'));
});

test('the image manager lists every slot group with its slots and their default images', async ({ page }) => {
  const problems = watchConsole(page);
  await signInTo(page, `${site.url}${manager.path}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(manager.heading);
  for (const group of catalogue.slotGroups) {
    const section = page.getByRole('region', { name: group });
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(group);
    const slots = catalogue.slots.filter((s) => s.group === group);
    await expect(section.locator('[data-slot]')).toHaveCount(slots.length);
  }
  const hero = catalogue.slots.find((s) => s.id === 'homepage-hero')!;
  await expect(card(page, hero.id).getByRole('img')).toHaveAttribute('src', hero.fallback);
  expect(problems()).toEqual([]);
});

test('a dropped text file and an 11 MB image are refused in the browser with the spec messages', async ({ page }) => {
  // Handing Chromium an 11 MB file takes seconds on a loaded 2-core machine (it once ran out the 30 s).
  test.setTimeout(60_000);
  await signInTo(page, `${site.url}${manager.path}`);
  await card(page, 'homepage-hero')
    .getByRole('button', { name: t('changeImage') })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const zone = dialog.getByTestId('drop-zone');

  await dropFile(zone, { name: 'notes.txt', type: 'text/plain', text: 'not an image' });
  await expect(dialog.getByRole('alert')).toHaveText(t('notImage'));
  await expect(zone).toContainText(t('dropHint'));

  const requests: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && requests.push(r.url()));
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'huge.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(11 * 1024 * 1024, 1),
  });
  const tooLarge = fillText(t('tooLarge'), { n: '11.0' });
  await expect(dialog.getByRole('alert')).toHaveText(tooLarge);
  await expect(page.getByRole('status').filter({ hasText: tooLarge })).toBeVisible();
  expect(requests).toEqual([]);
});

test('replacing the homepage hero through the dialog shows progress, then the new image on / after reload', async ({
  page,
}) => {
  await signInTo(page, `${site.url}${manager.path}`);
  const photo = await sharp({
    create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

  await card(page, 'homepage-hero')
    .getByRole('button', { name: t('changeImage') })
    .click();
  const dialog = page.getByRole('dialog');
  // A slow uplink, so that the upload's progress can be seen: the photo (about 9 KB) takes some two
  // seconds (at 64 KB/s it took a tenth of one, and on a loaded machine the progress was once gone
  // between the status and the bar).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 4 * 1024,
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/upload-preview-image'));
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'new-hero.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(dialog.getByRole('status')).toHaveText(t('uploading'));
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  const res = await answered;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  expect(res.status()).toBe(200);
  const { imageUrl } = (await res.json()) as { imageUrl: string };

  await expect(page.getByRole('status').filter({ hasText: t('successBody') })).toContainText(t('successTitle'));
  await expect(dialog).toBeHidden();
  await expect(card(page, 'homepage-hero').getByRole('img')).toHaveAttribute('src', imageUrl);
  await expect(card(page, 'homepage-hero')).toContainText(t('current'));

  await page.goto(`${site.url}/`);
  await page.reload();
  // The hero shows a rendition of the upload (its URL starts with the upload's), sized for the screen.
  const hero = page.locator(`img[src^="${imageUrl}"]`).first();
  await expect(hero).toBeVisible();
  const shown = await hero.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
  expect(shown.src).toContain(imageUrl);
  expect(shown.width).toBeGreaterThan(0);
  expect(shown.width).toBeLessThanOrEqual(1600);
});

test('an upload the server refuses shows its reason in an error toast; the dialog stays open', async ({ page }) => {
  await signInTo(page, `${site.url}${manager.path}`);
  await card(page, 'screens-hero')
    .getByRole('button', { name: t('changeImage') })
    .click();
  const dialog = page.getByRole('dialog');
  // Says it is a PNG, but its bytes are text: only the server can tell.
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
  });
  const refused = page.getByRole('status').filter({ hasText: 'not a JPEG, PNG, WebP, AVIF or GIF' });
  await expect(refused).toContainText(t('errorTitle'));
  await expect(dialog.getByRole('alert')).toContainText('not a JPEG, PNG, WebP, AVIF or GIF');
  await expect(dialog).toBeVisible();
});

test('when the slot images cannot be loaded, the manager says so and still offers uploads', async ({ page }) => {
  await signInTo(page, `${site.url}${manager.path}`);
  await page.route('**/api/preview-images', (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: '{"error":"down"}' }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(t('loadFailed'));
  await expect(page.getByRole('button', { name: t('changeImage') }).first()).toBeEnabled();
});

test('visitor pages carry no staff code and no upload controls', async ({ page, request }) => {
  // Every script a visitor page loads: with the page (a gallery), and once its islands wake (the menu
  // popover opening loads the page's script, which hydrates the islands and loads their modules).
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (/^\/assets\/.+\.js$/.test(pathname)) scripts.add(pathname);
  });
  for (const path of ['/', '/screens', '/pergola-images', '/pergola-fixed-roof-attached-images', '/consultation']) {
    await page.goto(`${site.url}${path}`);
    await expect(page.locator('input[type=file]')).toHaveCount(0);
    await expect(page.getByText(t('changeImage'))).toHaveCount(0);
    await page.evaluate(() => document.getElementById('site-menu')?.showPopover());
    await expect(page.locator('[data-island]:not([data-live])')).toHaveCount(0);
  }
  const manifestRes = await request.get(`${site.url}/admin/images`, { maxRedirects: 0 });
  expect(manifestRes.status()).toBe(302);
  expect(scripts.size).toBeGreaterThan(0);
  for (const src of scripts) {
    const js = await (await request.get(`${site.url}${src}`)).text();
    expect(js, src).not.toContain('/api/upload-preview-image');
  }
});
