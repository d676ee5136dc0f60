import { copyFile, cp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedLanguages, siteIn, type Catalogue } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { PAGE_ITEMS } from '../../engine/shared/paging.ts';
import { demoDataTemplate } from '../../scripts/demo-media.ts';
import { siteFolder, startSiteProcess, type SiteProcess } from '../../testing/site-process.ts';
import { expectReciprocal, sitemapsOf, urlsOf, type SitemapEntry } from '../../testing/sitemap-xml.ts';

/** The sitemaps of the server as it runs (its own process, the demo media), read as a crawler reads them. */

const IMAGES = '/pergola-fixed-roof-attached-images';
const VIDEOS = '/pergola-fixed-roof-attached-videos';

/** Photos added to the demo's 4 in IMAGES: more than a page carries (PAGE_ITEMS). */
const EXTRA = PAGE_ITEMS;

let catalogue: Catalogue;
let site: SiteProcess;
let dir = '';

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  catalogue = built.catalogue;
  dir = await siteFolder();
  await cp(await demoDataTemplate(catalogue), join(dir, 'data'), { recursive: true });
  // A gallery bigger than a page's first screenful (PAGE_ITEMS): every photo has its own page all the same.
  const folder = join(dir, 'data', 'media', ...galleryFolder(IMAGES).split('/'));
  const photo = (await readdir(folder)).find((f) => f.endsWith('.jpg')) ?? '';
  for (let i = 0; i < EXTRA; i++) await copyFile(join(folder, photo), join(folder, `extra-${i}.jpg`));
  site = await startSiteProcess(dir);
});
afterAll(async () => {
  await site?.stop();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string, init?: RequestInit): Promise<Response> =>
  fetch(url.replace(catalogue.site.baseUrl, site.base), init);
const text = async (url: string): Promise<string> => {
  const res = await get(url);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type'), url).toContain('application/xml');
  return res.text();
};
const galleryFolder = (path: string): string => catalogue.pages.find((p) => p.path === path)?.folder ?? '';
const absolute = (path: string): string => `${catalogue.site.baseUrl}${path}`;
/** The default-language path of one of the site's URLs (`/es/x` -> `/x`). */
const sitePath = (url: string): string => url.slice(catalogue.site.baseUrl.length);

describe('the pages sitemap', () => {
  it('lists every page once in each language it is published in, with reciprocal alternates; robots.txt names both sitemaps', async () => {
    const urls = urlsOf(await text(absolute('/sitemap.xml')));
    const expected = publishedLanguages(catalogue).flatMap((l) => siteIn(catalogue, l).sitemap.map((e) => e.loc));
    expect(urls.map((u) => u.loc).sort()).toEqual([...expected].sort());
    expectReciprocal(urls);
    expect(urls.find((u) => u.loc === absolute('/es/pergolas'))?.alternates).toEqual({
      en: absolute('/pergolas'),
      es: absolute('/es/pergolas'),
      'x-default': absolute('/pergolas'),
    });
    const robots = await (await get(absolute('/robots.txt'))).text();
    expect(robots).toContain(`Sitemap: ${absolute('/sitemap.xml')}\n`);
    expect(robots).toContain(`Sitemap: ${absolute('/sitemap-photos.xml')}\n`);
  });
});

describe('the photo pages sitemaps', () => {
  /** The sitemap index's galleries: the default-language gallery path of each child sitemap. */
  const galleriesListed = async (): Promise<Map<string, SitemapEntry[]>> => {
    const children = sitemapsOf(await text(absolute('/sitemap-photos.xml')));
    const listed = new Map<string, SitemapEntry[]>();
    for (const child of children) {
      const urls = urlsOf(await text(child));
      const gallery = sitePath(urls[0]?.loc ?? '').replace(/\/photo\/[^/]+$/, '');
      listed.set(gallery, urls);
    }
    return listed;
  };

  it('waits for a gallery to be opened, then lists each of its photos in each language, with alternates', async () => {
    // No visitor yet: no listing cached, no photo sitemap (a crawler never makes the store list folders).
    expect((await get(absolute('/sitemap-photos.xml'))).status).toBe(404);
    for (const path of [IMAGES, VIDEOS]) expect((await get(absolute(path))).status).toBe(200);

    const listed = await galleriesListed();
    expect([...listed.keys()].sort()).toEqual([IMAGES, VIDEOS].sort());
    const photos = listed.get(IMAGES) ?? [];
    expectReciprocal(photos);
    const english = photos.filter((u) => !sitePath(u.loc).startsWith('/es/'));
    expect(english).toHaveLength(4 + EXTRA); // the demo folder's photos, and those added
    expect(photos).toHaveLength(english.length * 2);
    for (const u of photos) {
      expect(Object.keys(u.alternates).sort(), u.loc).toEqual(['en', 'es', 'x-default']);
      // The photo page answers, and its image is served.
      expect((await get(u.loc)).status, u.loc).toBe(200);
      expect(u.images).toHaveLength(1);
      expect((await get(u.images[0] ?? '')).headers.get('content-type'), u.images[0]).toMatch(/^image\//);
    }
  });

  it('gives each video of a video gallery a video:video entry: poster, caption, description, file', async () => {
    await get(absolute(VIDEOS));
    const urls = (await galleriesListed()).get(VIDEOS) ?? [];
    expect(urls.length).toBeGreaterThan(0);
    expectReciprocal(urls);
    for (const u of urls) {
      expect(u.videos, u.loc).toHaveLength(1);
      const video = u.videos[0];
      expect(video?.title, u.loc).not.toBe('');
      expect(video?.description, u.loc).not.toBe('');
      const poster = await get(video?.thumbnail ?? '');
      expect(poster.headers.get('content-type'), video?.thumbnail).toMatch(/^image\//);
      const file = await get(video?.content ?? '', { headers: { range: 'bytes=0-15' } });
      expect(file.status, video?.content).toBe(206);
    }
    // Each language's entry describes the video in that language: its gallery page's description there.
    const descriptions = (language: string) => {
      const c = siteIn(catalogue, language);
      const page = c.pages.find((p) => p.path === (language === 'en' ? VIDEOS : `/${language}${VIDEOS}`));
      const at = urls.filter((u) => sitePath(u.loc).startsWith('/es/') === (language === 'es'));
      return { listed: [...new Set(at.map((u) => u.videos[0]?.description))], page: page?.meta.description };
    };
    for (const language of ['en', 'es']) {
      const { listed, page } = descriptions(language);
      expect(listed, language).toEqual([page]);
    }
    expect(descriptions('es').page).not.toBe(descriptions('en').page);
  });

  it("titles an application's photo pages with its name in each language", async () => {
    const gallery = catalogue.sitemap
      .map((e) => e.path)
      .find((p) => /^\/screens\/motorized-screens\/[^/]+\/videos$/.test(p));
    expect(gallery).toBeDefined();
    await get(absolute(gallery!));
    const urls = (await galleriesListed()).get(gallery!) ?? [];
    const type = gallery!.split('/')[3];
    const nameIn = (language: string) => siteIn(catalogue, language).products.find((p) => p.type === type)?.name ?? '';
    expect(nameIn('es')).not.toBe(nameIn('en'));
    const spanish = urls.filter((u) => sitePath(u.loc).startsWith('/es/'));
    expect(spanish.length).toBeGreaterThan(0);
    for (const u of spanish) {
      expect(u.videos, u.loc).toHaveLength(1);
      const words = `${u.videos[0]?.title} ${u.videos[0]?.description}`.toLowerCase();
      expect(words, u.loc).not.toContain(nameIn('en').toLowerCase());
      expect(words, u.loc).toContain(nameIn('es').toLowerCase());
    }
  });

  it('drops a photo removed from the store once its listing is read again', async () => {
    await get(absolute(IMAGES));
    const before = (await galleriesListed()).get(IMAGES) ?? [];
    const folder = galleryFolder(IMAGES);
    const media = join(dir, 'data', 'media', ...folder.split('/'));
    const gone = (await readdir(media)).find((f) => /\.(jpe?g|png|webp)$/i.test(f)) ?? '';
    await rm(join(media, gone));
    const listing = (await (await get(absolute(`/_site/page?path=${IMAGES}`))).json()) as {
      folderIds: Record<string, string>;
    };
    const refreshed = await fetch(`${site.base}/api/refresh/${listing.folderIds[folder]}`, { method: 'POST' });
    expect(refreshed.status).toBe(200);
    const left = (await refreshed.json()) as ApiMediaItem[];
    expect(left.some((i) => i.name === gone)).toBe(false);

    const after = (await galleriesListed()).get(IMAGES) ?? [];
    expect(after).toHaveLength(before.length - 2); // the photo, in English and in Spanish
    const dropped = before.filter((u) => !after.some((a) => a.loc === u.loc));
    expect(dropped).toHaveLength(2);
    for (const u of dropped) expect((await get(u.loc)).status, u.loc).toBe(404);
    expectReciprocal(after);
  });
});
