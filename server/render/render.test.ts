import { copyFile, cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiFolderPreview, ApiProduct } from '../../engine/shared/api.ts';
import { robotsTxt, sitemapXml, type Catalogue } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { demoDataTemplate } from '../../scripts/demo-media.ts';
import type { PagePayload, RoutePayload } from '../../engine/shared/page.ts';
import { keys } from '../../engine/shared/keys.ts';
import { createDataCache, createSiteData, type LiveSiteData } from '../data/site-data.ts';
import { createLogger } from '../log.ts';
import { LocalStore } from '../media/local.ts';
import { pageAssets } from './assets.ts';
import { jsonForScript } from '../../engine/shared/page.ts';
import { createRenderRouter } from './index.ts';
import { createMatcher } from './match.ts';
import { galleryItems } from './photo.ts';
import { structuredData } from './structured-data.ts';
import { photoPath, photoSlugs, titleFromName } from '../../engine/shared/captions.ts';

let catalogue: Catalogue;
let data: LiveSiteData;
let base = '';
let dataDir = '';
let close: () => Promise<void> = async () => {};

const FAILING = 'Interior Window Coverings/Blinds/Faux Wood';

beforeAll(async () => {
  const built = loadCatalogue();
  if (!built.ok) throw new Error('The manifest is invalid.');
  catalogue = built.catalogue;
  dataDir = await mkdtemp(join(tmpdir(), 'render-test-'));
  await cp(await demoDataTemplate(catalogue), dataDir, { recursive: true });
  const logger = createLogger('silent');
  data = createSiteData({
    catalogue,
    store: new LocalStore({ dataDir }),
    cache: createDataCache({}),
    slotImages: async () => ({}),
  });
  // No build in distDir: pages answer 503, everything else works.
  const app = express().use(createRenderRouter({ data, catalogue, distDir: join(dataDir, 'no-dist'), logger }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Resolve the folder ids, then take one folder away: its listing fails from now on.
  await data.products();
  await rm(join(dataDir, 'media', ...FAILING.split('/')), { recursive: true });
  await writeFile(join(dataDir, 'media', ...FAILING.split('/')), 'not a folder');
  close = async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
    await rm(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** A GET with the request target sent as it is (fetch would normalise `//` and `\\`). */
const rawGet = (target: string): Promise<{ status: number; location: string | undefined }> =>
  new Promise((done, fail) => {
    const { hostname, port } = new URL(base);
    request({ hostname, port, path: target, method: 'GET' }, (res) => {
      res.resume();
      done({ status: res.statusCode ?? 0, location: res.headers.location });
    })
      .on('error', fail)
      .end();
  });

const payload = async (path: string): Promise<RoutePayload> => {
  const res = await fetch(`${base}/_site/page?path=${encodeURIComponent(path)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as RoutePayload;
};
const page = async (path: string): Promise<PagePayload> => {
  const p = await payload(path);
  if (p.type !== 'page') throw new Error(`${path} is not a visitor page`);
  return p;
};

describe('route matching', () => {
  it('exact routes first, then patterns, then the catch-all', () => {
    const m = createMatcher(catalogue);
    expect(m.match('/screens')?.page.id).toBe('screens');
    expect(m.match('/outdoor-screens')?.page.path).toBe('/outdoor-screens');
    expect(m.match('/screens/motorized-screens/pool-cages')?.params).toEqual({ type: 'pool-cages' });
    expect(m.match('/screens/motorized-screens/pool-cages/videos')?.params).toEqual({
      type: 'pool-cages',
      mediaType: 'videos',
    });
    expect(m.match('/nothing/here')?.page.kind).toBe('not-found');
    expect(m.match('/screens/motorized-screens/%E0%A4%A')?.page.kind).toBe('not-found');
  });
});

describe('page payloads', () => {
  it('a category page carries products, slot images and its product picture, no listing', async () => {
    const p = await page('/screens');
    expect(p.status).toBe(200);
    const screens = (p.fallback[keys.products] as ApiProduct[]).find((x) => x.id === 'screens');
    const picture = keys.folderPreview(screens?.driveFolderId as string);
    expect(Object.keys(p.fallback).sort()).toEqual([keys.slotImages, keys.products, picture].sort());
    expect((p.fallback[picture] as ApiFolderPreview).previewUrl).toMatch(/^\/media\/thumb\//);
    expect(p.head.canonical).toBe(`${catalogue.site.baseUrl}/screens`);
    expect(p.head.preloadImage).toEqual({ href: '/defaults/screens-hero.jpg' });
  });

  it("an alias keeps the canonical URL of its page, and its alternates are that page's", async () => {
    const { baseUrl } = catalogue.site;
    for (const [alias, target] of [
      ['/outdoor-screens', '/screens'],
      ['/es/outdoor-screens', '/es/screens'],
    ] as const) {
      const p = await page(alias);
      expect(p.head.canonical).toBe(`${baseUrl}${target}`);
      expect(p.head.alternates).toEqual([
        { hreflang: 'en', href: `${baseUrl}/screens` },
        { hreflang: 'es', href: `${baseUrl}/es/screens` },
        { hreflang: 'x-default', href: `${baseUrl}/screens` },
      ]);
    }
  });

  it("a photo's address is its own canonical, with the same photo in each language as its alternates", async () => {
    const { baseUrl } = catalogue.site;
    const gallery = '/pergola-fixed-roof-attached-images';
    const [first] = galleryItems(await page(gallery)) ?? [];
    const photo = photoPath(gallery, photoSlugs([first!])[0]!);
    for (const address of [photo, `/es${photo}`]) {
      const p = await page(address);
      expect(p.head.canonical).toBe(`${baseUrl}${address}`);
      expect(p.head.alternates).toEqual([
        { hreflang: 'en', href: `${baseUrl}${photo}` },
        { hreflang: 'es', href: `${baseUrl}/es${photo}` },
        { hreflang: 'x-default', href: `${baseUrl}${photo}` },
      ]);
    }
  });

  it('a not-found answer names no canonical address and no alternates', async () => {
    for (const path of ['/no/such/page', '/es/no-such-page', '/pergola-fixed-roof-attached-images/photo/no-such']) {
      const p = await page(path);
      expect(p.status, path).toBe(404);
      expect(p.head.canonical, path).toBeUndefined();
      expect(p.head.alternates, path).toBeUndefined();
    }
  });

  it('an application gallery resolves name, label, folder and listing', async () => {
    const p = await page('/screens/motorized-screens/pool-cages/videos');
    expect(p.status).toBe(200);
    expect(p.vars).toMatchObject({
      type: 'pool-cages',
      mediaType: 'videos',
      name: 'Pool Cages',
      mediaTypeLabel: 'Videos',
    });
    const product = (p.fallback[keys.products] as ApiProduct[]).find((x) => x.type === 'pool-cages-videos');
    expect(product?.driveFolderId).toBeTruthy();
    const items = p.fallback[keys.folder(product?.driveFolderId as string)] as unknown[];
    expect(items.length).toBeGreaterThan(0);
    expect(p.head.title).toContain('Pool Cages');
    expect(p.head.canonical).toBe(`${catalogue.site.baseUrl}/screens/motorized-screens/pool-cages/videos`);
  });

  it('an application carries the listings its media-type cards count', async () => {
    const p = await page('/screens/motorized-screens/covered-porches');
    const listings = Object.keys(p.fallback).filter((k) => k.startsWith('/api/drive-images/'));
    const cards = p.page.sections
      .filter((s) => s.type === 'media-types')
      .flatMap((s) => s.items.filter((i) => typeof i !== 'string' && i.media !== undefined));
    expect(listings).toHaveLength(cards.length);
  });

  it('unknown application types and media types are 404', async () => {
    expect((await page('/screens/motorized-screens/hammocks')).status).toBe(404);
    expect((await page('/screens/motorized-screens/pool-cages/brochures')).status).toBe(404);
    expect((await page('/no/such/page')).status).toBe(404);
  });

  it('a failing listing is reported as an error key, not thrown', async () => {
    const p = await page('/faux-wood-blinds-gallery');
    expect(p.status).toBe(200);
    const folderId = p.folderIds[p.page.folder as string];
    expect(folderId).toBeTruthy();
    expect(p.errors).toEqual([keys.folder(folderId as string)]);
  });

  it('staff pages are documents, not app pages', async () => {
    expect(await payload('/admin/images')).toEqual({ type: 'document', path: '/admin/images' });
  });

  it('rejects a path that is not one', async () => {
    const res = await fetch(`${base}/_site/page?path=screens`);
    expect(res.status).toBe(400);
  });
});

describe('captions', () => {
  it("a photo a camera named is called by its gallery and its place in it: its page's title, the gallery's structured data", async () => {
    // A gallery no other test here counts the photos of.
    const gallery = catalogue.pages.find((p) => p.path === '/retractable-awning-images');
    if (!gallery?.folder) throw new Error('no image gallery /retractable-awning-images with a folder');
    const dir = join(dataDir, 'media', ...gallery.folder.split('/'));
    const photo = (await readdir(dir)).find((f) => f.endsWith('.jpg'));
    await copyFile(join(dir, photo ?? ''), join(dir, 'IMG_4000.jpg'));
    // The first listing of that folder here: it has the new file.
    const items = galleryItems(await page(gallery.path)) ?? [];
    const n = items.findIndex((i) => i.name === 'IMG_4000.jpg') + 1;
    expect(n).toBeGreaterThan(0);
    const caption = `${gallery.heading}, photo ${n}`;

    const p = await payload(photoPath(gallery.path, 'img-4000'));
    expect(p.type === 'page' && p.head.title).toBe(`${caption} | ${gallery.meta.title}`);
    const images = structuredData(catalogue, await page(gallery.path)).flatMap((d) =>
      'image' in d && Array.isArray(d.image) ? d.image : [],
    );
    const names = images.map((i) => (i as { name?: string }).name);
    expect(names).toContain(caption);
    // A photo whose name is a title keeps it.
    expect(names).toContain(titleFromName(photo ?? ''));
  });
});

describe('documents', () => {
  it('serves the sitemap and robots.txt from the route table', async () => {
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toContain('xml');
    const xml = await sitemap.text();
    const locs = (text: string) => [...text.matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs(xml)).toEqual(locs(sitemapXml(catalogue)));
    expect(await (await fetch(`${base}/robots.txt`)).text()).toBe(robotsTxt(catalogue));
  });

  it("lists each page's images as image:image entries: gallery photos from the cached listing, heroes and card pictures", async () => {
    // Photos come from the listings a visitor's page view cached: the sitemap never makes the store list
    // a folder (a crawler must not list the whole store). A gallery nobody opened lists none until opened.
    const cold = '/pergola-multi-zone-images';
    const galleryPhotos = async (path: string): Promise<number> => {
      const xml = await (await fetch(`${base}/sitemap.xml`)).text();
      const block = new RegExp(`<url><loc>${catalogue.site.baseUrl}${path}</loc>([\\s\\S]*?)</url>`).exec(xml)?.[1];
      return (block ?? '').split('/large</image:loc>').length - 1;
    };
    expect(await galleryPhotos(cold)).toBe(0);
    expect((await page(cold)).status).toBe(200);
    expect(await galleryPhotos(cold)).toBeGreaterThan(0);
    await page('/pergola-fixed-roof-attached-images');
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(xml).toContain('xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"');
    const { baseUrl } = catalogue.site;
    const imagesOf = (path: string): string[] => {
      const block = new RegExp(`<url><loc>${baseUrl}${path}</loc>([\\s\\S]*?)</url>`).exec(xml)?.[1] ?? '';
      return [...block.matchAll(/<image:image><image:loc>([^<]+)<\/image:loc><\/image:image>/g)].map((m) => m[1] ?? '');
    };
    // A gallery: one entry per photo of its folder (the demo has 4), each its large rendition on this site
    // (the e2e test fetches them from the full server).
    const photos = imagesOf('/pergola-fixed-roof-attached-images');
    expect(photos).toHaveLength(4);
    for (const src of photos) expect(src).toMatch(new RegExp(`^${baseUrl}/media/thumb/[^/]+/[^/]+/large$`));
    // A video gallery lists no images; the home page its hero and card pictures.
    expect(imagesOf('/pergola-fixed-roof-attached-videos')).toEqual([]);
    const home = catalogue.pages.find((p) => p.path === '/');
    expect(imagesOf('/')).toContain(`${baseUrl}${catalogue.slots.find((s) => s.id === home?.hero?.slot)?.fallback}`);
    expect(imagesOf('/').length).toBeGreaterThanOrEqual(5);
    // A page whose gallery fails still has its URL, with no images.
    expect(xml).toContain(`<loc>${baseUrl}/faux-wood-blinds-gallery</loc>`);
    expect(imagesOf('/faux-wood-blinds-gallery')).toEqual([]);
    // The page in Spanish shows the same photos.
    expect(imagesOf('/es/pergola-fixed-roof-attached-images')).toEqual(photos);
  });

  it('lists the photos of a folder a card’s gallery dialog shows, on the page that shows it (pageFolders)', async () => {
    // 'Browse Configurations' on the Pergola Images hub: a dialog of the top pergola folder (the pergolas
    // product's), opened by a visitor (its listing is cached).
    const id = (await data.products()).find((p) => p.id === 'pergolas')?.driveFolderId ?? '';
    const items = await data.folderItems(id);
    const xml = await (await fetch(`${base}/sitemap.xml`)).text();
    const { baseUrl } = catalogue.site;
    const block = new RegExp(`<url><loc>${baseUrl}/pergola-images</loc>([\\s\\S]*?)</url>`).exec(xml)?.[1] ?? '';
    const listed = [...block.matchAll(/<image:loc>([^<]+)<\/image:loc>/g)].map((m) => m[1]);
    const photos = items.filter((i) => i.kind === 'image').map((i) => `${baseUrl}${i.largeUrl ?? i.url}`);
    expect(photos.length).toBeGreaterThan(0);
    expect(listed).toEqual(expect.arrayContaining(photos));
  });

  it('drops a trailing slash with a permanent redirect', async () => {
    const res = await fetch(`${base}/screens/?a=1`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/screens?a=1');
  });

  it('never redirects to another host: leading slashes and backslashes collapse to one', async () => {
    for (const [raw, expected] of [
      ['//evil.com/', '/evil.com'],
      ['/\\evil.com/', '/evil.com'],
      ['/\\/evil.com/?x=1', '/evil.com?x=1'],
      ['///evil.com//', '/evil.com'],
    ] as const) {
      const res = await rawGet(raw);
      expect(res.status, raw).toBe(301);
      expect(res.location, raw).toBe(expected);
    }
  });

  it('answers 503 with a hint while the site is not built', async () => {
    const res = await fetch(`${base}/screens`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});

describe('html helpers', () => {
  it('embeds JSON that cannot close its script element', () => {
    const json = jsonForScript({ a: '</script><script>alert(1)</script>', b: '\u2028' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ a: '</script><script>alert(1)</script>', b: '\u2028' });
  });

  it('collects the islands’ chunks and CSS after the entry’s, without duplicates, and says when to load them', () => {
    const manifest = {
      'site/entry-client.tsx': { file: 'assets/entry.js', imports: ['_core.js'] },
      '_core.js': { file: 'assets/core.js', css: ['assets/core.css'] },
      'site/islands/gallery.island.tsx': {
        file: 'assets/gallery.js',
        imports: ['_core.js', '_album.js'],
        css: ['assets/g.css'],
      },
      'site/islands/dialog.island.tsx': {
        file: 'assets/dialog.js',
        imports: ['_core.js'],
        dynamicImports: ['site/dialog/GalleryDialog.tsx'],
      },
      'site/islands/menu.island.tsx': { file: 'assets/menu.js', imports: ['_core.js'] },
      'site/dialog/GalleryDialog.tsx': { file: 'assets/panel.js', imports: ['_core.js'], css: ['assets/panel.css'] },
      '_album.js': { file: 'assets/album.js' },
    };
    // Fetched at idle, never run nor styling the page before they are used: the menu, the dialog's panel.
    const idle = ['/assets/menu.js', '/assets/panel.js'];
    expect(pageAssets(manifest, ['menu', 'gallery', 'dialog'])).toEqual({
      entry: '/assets/entry.js',
      preload: ['/assets/core.js', '/assets/entry.js', '/assets/album.js', '/assets/gallery.js', '/assets/dialog.js'],
      css: ['/assets/core.css', '/assets/g.css'],
      when: 'boot',
      idle,
    });
    // Dialogs wait for the visitor; the menu's module is loaded when its popover opens, never listed.
    expect(pageAssets(manifest, ['menu', 'dialog'])).toMatchObject({
      preload: ['/assets/core.js', '/assets/entry.js', '/assets/dialog.js'],
      css: ['/assets/core.css'],
      when: 'intent',
      idle,
    });
    expect(pageAssets(manifest, ['menu'])).toMatchObject({
      preload: ['/assets/core.js', '/assets/entry.js'],
      when: 'open',
      idle: ['/assets/menu.js'],
    });
    expect(pageAssets(manifest, [])).toBeNull();
  });
});
