import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatBytes, MAX_PHOTO_BYTES } from '../../engine/shared/health.ts';
import { fillText } from '../../engine/placeholders.ts';
import type { TextKey } from '../../engine/texts.ts';
import { BIG, EMPTY, IMAGES, PARENT, problemTree, VIDEOS } from '../../testing/health-tree.ts';
import { watchConsole } from './helpers.ts';
import { pageOfKind, signInTo, startStaffSite, type StaffSite } from './staff-servers.ts';

test.describe.configure({ mode: 'serial' });

const { page: health, catalogue, t } = pageOfKind('folder-health');
const row = (page: Page, path: string) => page.locator(`li[data-path="${path}"]`);
const problem = (page: Page, path: string, code: string) => row(page, path).locator(`[data-problem="${code}"]`);
const said = (code: string, vars: Record<string, string | number> = {}) => ({
  problem: fillText(t(`${code}Problem` as TextKey), vars),
  fix: t(`${code}Fix` as TextKey),
});

async function expectProblem(page: Page, path: string, code: string, files: string[], vars = {}): Promise<void> {
  const box = problem(page, path, code);
  const { problem: text, fix } = said(code, { n: files.length, ...vars });
  await expect(box).toContainText(text);
  await expect(box).toContainText(fix);
  const starts = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
  for (const name of files) await expect(box.getByRole('listitem').filter({ hasText: starts(name) })).toHaveCount(1);
}

test.describe('local store', () => {
  let site: StaffSite;
  test.beforeAll(async () => {
    site = await startStaffSite({ prepare: (dir) => problemTree(join(dir, 'media')) });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('every folder with its counts, each problem in words with what to do, the disk line', async ({ page }) => {
    test.setTimeout(60_000);
    const problems = watchConsole(page);
    // An admin: their navigation has every tool, the consultation requests among them.
    await signInTo(page, `${site.url}${health.path}`, 'admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(health.heading);
    // The staff navigation offers the page beside the other tools.
    await expect(page.getByRole('navigation').getByRole('link', { name: health.heading })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The consultation requests are one of the tools (an editor's navigation leaves them out).
    await expect(
      page.getByRole('navigation').getByRole('link', { name: pageOfKind('consultation').t('staffHeading') }),
    ).toHaveAttribute('href', '/admin/requests');
    const list = page.getByRole('list', { name: health.heading });
    await expect(list.locator(':scope > li')).toHaveCount(catalogue.folders.length);

    await expect(row(page, IMAGES)).toContainText(
      fillText(t('counts'), { photos: 2, videos: 1, size: formatBytes(642) }),
    );
    await expectProblem(page, IMAGES, 'duplicate', ['awning.jpg', 'awning copy.jpg']);
    await expect(problem(page, IMAGES, 'duplicate')).toContainText(
      fillText(t('sameAs'), { path: `${IMAGES}/awning.jpg` }),
    );
    await expectProblem(page, IMAGES, 'unsupported', ['drawing.psd']);
    await expectProblem(page, IMAGES, 'videoInPhotos', ['clip.mp4']);
    await expectProblem(page, VIDEOS, 'photoInVideos', ['porch.jpg']);
    await expectProblem(page, EMPTY, 'empty', []);
    await expectProblem(page, PARENT, 'inParent', ['stray.jpg']);
    await expectProblem(page, BIG, 'bigPhoto', ['huge.jpg'], { limit: formatBytes(MAX_PHOTO_BYTES) });
    await expectProblem(page, 'Interior Window Coverings/Blinds/Wood', 'missing', []);
    await expect(row(page, 'Retractable Awnings')).toContainText(t('folderOk'));

    // The AVI is not a video ffmpeg can read: converting at first, then it says it could not be converted.
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: t('checkAgain') }).click();
        return problem(page, VIDEOS, 'conversionFailed').count();
      })
      .toBe(1);
    await expectProblem(page, VIDEOS, 'conversionFailed', ['legacy.avi']);

    const attention = await list
      .locator(':scope > li')
      .filter({ has: page.locator('[data-problem]') })
      .count();
    await expect(page.getByTestId('health-summary')).toHaveText(
      fillText(t('summary'), { problems: attention, total: catalogue.folders.length }),
    );
    await expect(page.getByTestId('health-storage')).toContainText(/Server disk: .+ free of .+\./);
    await expect(page.getByTestId('store-down')).toHaveCount(0);

    await page.screenshot({ path: 'test-results/folder-health-desktop.png', fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await row(page, IMAGES).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/folder-health-phone.png' });
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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

  test('the quota line from Drive; with Drive down, the folders read before and a notice saying so', async ({
    page,
  }) => {
    const { fake, rootId } = site.drive!;
    let folder = rootId;
    for (const name of IMAGES.split('/')) folder = fake.state.addFolder(name, folder).id;
    fake.state.addFile({
      name: 'site-plan.pdf',
      mimeType: 'application/pdf',
      parents: [folder],
      content: Buffer.from('%PDF'),
    });
    await signInTo(page, `${site.url}${health.path}`);
    await expectProblem(page, IMAGES, 'unsupported', ['site-plan.pdf']);
    await expect(page.getByTestId('health-storage')).toContainText(
      fillText(t('quotaDrive'), { used: formatBytes(4), limit: formatBytes(15 * 1024 ** 3) }),
    );
    await expect(page.getByTestId('health-storage')).toContainText(/Google Drive calls/);

    fake.faults.failAll('backendError');
    try {
      await page.getByRole('button', { name: t('checkAgain') }).click();
      await expect(page.getByTestId('store-down')).toContainText(t('storeDown').split('(')[0]!.trim());
      await expectProblem(page, IMAGES, 'unsupported', ['site-plan.pdf']);
    } finally {
      fake.faults.clearFailures();
    }
  });
});
