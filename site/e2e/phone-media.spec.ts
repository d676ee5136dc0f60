/// <reference lib="dom" />
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { PAGE_ITEMS } from '../../engine/shared/paging.ts';
import { fillText } from '../../engine/placeholders.ts';
import { folderIdOf } from '../../server/media/local-index.ts';
import { ffmpegPath } from '../../server/video/ffmpeg.ts';
import { makeClip } from '../../server/video/fixtures.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, islandLive, routeCases, watchConsole } from './helpers.ts';
import { startStaffSite } from './staff-servers.ts';

const ui = catalogue().ui;
const tiles = (page: Page) => page.locator('[data-tile]:visible');
const named = (page: Page, name: string) => tiles(page).and(page.locator(`[data-file="${name}"]`));
const mediaDir = (dataDir: string, folder: string) => join(dataDir, 'media', ...folder.split('/'));

async function playsInline(page: Page): Promise<string> {
  const video = page.locator('.yarl__slide_current video');
  await expect(video).toBeVisible();
  await video.evaluate((v: HTMLVideoElement) => v.play().catch(() => undefined));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2);
  return video.evaluate((v: HTMLVideoElement) => v.currentSrc);
}

test('phone videos: offered for download until converted, then an AVI and an H.264 MOV play inline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const site = await startStaffSite({
    prepare: async (dataDir) => {
      const dir = mediaDir(dataDir, FIXTURES.videosFolder);
      mkdirSync(dir, { recursive: true });
      await makeClip(ffmpegPath(), join(dir, 'IMG_0421.MOV'), 'h264-mov', { seconds: 3 });
      await makeClip(ffmpegPath(), join(dir, 'old-demo.avi'), 'mpeg4-avi', { seconds: 3 });
    },
  });
  try {
    const problems = watchConsole(page);
    // The first listing starts the conversions, so nothing is ready in it: both are offered for
    // download only. (What the open viewer shows until a conversion ends, and how it turns into the
    // player, is the next test's, where the fake Drive holds the file back for as long as it needs.)
    const listing = `${site.url}/api/drive-images/${folderIdOf(FIXTURES.videosFolder)}`;
    const first = (await (await page.request.get(listing)).json()) as ApiMediaItem[];
    expect(first.map((i) => [i.name, i.playable])).toEqual([
      ['IMG_0421.MOV', false],
      ['old-demo.avi', false],
    ]);
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(listing)).json()) as ApiMediaItem[]).filter((i) => i.playable).length,
        {
          timeout: 90_000,
        },
      )
      .toBe(2);

    await page.goto(`${site.url}${FIXTURES.videos}`);
    await islandLive(page, 'gallery');
    // Tiles without a poster show the frame the server extracted.
    await expect(named(page, 'IMG_0421.MOV').locator('img')).toHaveJSProperty('complete', true);
    await page.screenshot({ path: 'test-results/phone-videos.png' });
    for (const name of ['IMG_0421.MOV', 'old-demo.avi']) {
      await named(page, name).click();
      expect(await playsInline(page)).toMatch(/\/media\/video\//);
      if (name === 'IMG_0421.MOV') await page.screenshot({ path: 'test-results/phone-mov-playing.png' });
      await page.keyboard.press('Escape');
      await expect(page).toHaveURL(new RegExp(`${FIXTURES.videos}$`));
    }
    expect(problems()).toEqual([]);
  } finally {
    await site.stop();
  }
});

test('the open viewer turns a MOV being converted into its player when the conversion ends, without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const site = await startStaffSite({ drive: true });
  const work = mkdtempSync(join(tmpdir(), 'viewer-mov-'));
  try {
    const { fake, rootId } = site.drive!;
    let folder = rootId;
    for (const name of FIXTURES.videosFolder.split('/')) folder = fake.state.addFolder(name, folder).id;
    const clip = join(work, 'IMG_0500.MOV');
    await makeClip(ffmpegPath(), clip, 'h264-mov', { seconds: 3 });
    const mov = fake.state.addFile({
      name: 'IMG_0500.MOV',
      mimeType: 'video/quicktime',
      parents: [folder],
      content: readFileSync(clip),
      durationMillis: 3000,
    });
    // Drive sends the MOV only when the test says: the conversion cannot end before the viewer is open.
    const release = fake.faults.holdDownloads(mov.id);
    const problems = watchConsole(page);
    const polls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/media-item/')) polls.push(r.url());
    });

    await page.goto(`${site.url}${FIXTURES.videos}`);
    await islandLive(page, 'gallery');
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
    await named(page, 'IMG_0500.MOV').click();
    const notice = page.locator('.yarl__slide_current [data-testid="video-notice"]');
    await expect(notice).toContainText(ui['movNotice'] as string);
    await expect(notice.getByRole('link', { name: ui['download'] })).toHaveAttribute('href', /download=1/);
    // The viewer asks about the video while it shows the notice.
    await expect.poll(() => polls.length).toBeGreaterThan(0);
    expect(polls.every((u) => u.endsWith(`/api/media-item/${mov.id}`))).toBe(true);

    release();
    expect(await playsInline(page)).toMatch(new RegExp(`/media/video/${mov.id}/`));
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    const status = await page.request.get(`${site.url}/api/media-item/${mov.id}`);
    expect(status.headers()['cache-control']).toBe('no-store');
    expect(await status.json()).toMatchObject({
      playable: true,
      mimeType: 'video/mp4',
    } satisfies Partial<ApiMediaItem>);
    expect(problems()).toEqual([]);
  } finally {
    rmSync(work, { recursive: true, force: true });
    await site.stop();
  }
});

test('a 2,000-photo folder: the first screenful comes with the page, scrolling and Show more load the rest', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const site = await startStaffSite({
    prepare: async (dataDir) => {
      const dir = mediaDir(dataDir, FIXTURES.imagesFolder);
      mkdirSync(dir, { recursive: true });
      const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#579' } })
        .jpeg()
        .toBuffer();
      for (let i = 0; i < 2000; i++) writeFileSync(join(dir, `IMG_${String(i).padStart(4, '0')}.jpg`), jpeg);
    },
  });
  try {
    const res = await page.request.get(`${site.url}${FIXTURES.images}`);
    const html = await res.text();
    expect(html.length).toBeLessThan(400_000);
    expect(html).not.toContain('IMG_0048.jpg');

    await page.goto(`${site.url}${FIXTURES.images}`);
    await islandLive(page, 'gallery');
    await expect(page.getByTestId('gallery-count')).toContainText('2000');
    await expect(tiles(page)).toHaveCount(PAGE_ITEMS);
    // Once the whole listing is in (the button is enabled), the viewer walks past the tiles shown.
    const more = page.getByTestId('show-more').getByRole('button', { name: ui['showMore'] });
    await expect(more).toBeEnabled();
    await page.locator(`[data-tile="${PAGE_ITEMS - 1}"]:visible`).click();
    // Camera names (IMG_0047) are no titles: a photo is called by the gallery and its place in it.
    const name = page.locator('.yarl__slide_current [data-testid="viewer-name"]');
    const gallery = routeCases().find((r) => r.path === FIXTURES.images)?.h1 ?? '';
    const photoN = (n: number): string => fillText(ui['photoOfGallery'] ?? '', { gallery, n });
    await expect(name).toHaveText(photoN(PAGE_ITEMS));
    await page.keyboard.press('ArrowRight');
    await expect(name).toHaveText(photoN(PAGE_ITEMS + 1));
    await page.keyboard.press('Escape');

    // Scrolling to the end of the grid brings the next screenful.
    const before = await tiles(page).count();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 2000);
        return tiles(page).count();
      })
      .toBeGreaterThan(before);
    await page.screenshot({ path: 'test-results/big-folder.png' });

    // Where the browser cannot watch the scroll (no IntersectionObserver), the button alone brings
    // the next screenful. (With the observer, bringing the button into view already loads more and
    // moves the button away, so a click there tests nothing.)
    await page.addInitScript(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });
    await page.goto(`${site.url}${FIXTURES.images}`);
    await islandLive(page, 'gallery');
    await expect(more).toBeEnabled();
    await more.scrollIntoViewIfNeeded();
    await expect(tiles(page)).toHaveCount(PAGE_ITEMS);
    await more.click();
    await expect(tiles(page)).toHaveCount(2 * PAGE_ITEMS);
  } finally {
    await site.stop();
  }
});
