import { expect, test, type APIRequestContext } from '@playwright/test';
import { Window } from 'happy-dom';
import { kindOf } from '../../engine/index.ts';
import { isVideo } from '../../engine/shared/media.ts';
import { nuErrors } from '../../testing/nu-checker.ts';
import { FIXTURES } from './fixtures.ts';
import { catalogue, itemsOf, routeCases, UNKNOWN_PATH } from './helpers.ts';

/**
 * What search engines and the W3C Nu HTML checker see, page by page, in both languages: the pages of
 * the sitemap, a photo of each gallery, aliases, not-found answers and a consultation answer, each
 * fetched once. Alternates reciprocal at the same address (photos included), canonical and alternates
 * agreeing, the same structured data and images in each language, a VideoObject per video, and no
 * HTML error.
 */

const c = catalogue();
const { baseUrl } = c.site;
/** Items a gallery's structured data lists (server/render/structured-data.ts). */
const MAX_ITEMS = 60;

interface Crawled {
  readonly path: string;
  readonly status: number;
  readonly html: string;
  readonly canonical?: string;
  /** hreflang -> site path. */
  readonly alternates: Readonly<Record<string, string>>;
  readonly ogImage?: string;
  readonly jsonLd: readonly Record<string, unknown>[];
  /** Site paths the page links to. */
  readonly links: readonly string[];
}

const local = (url: string): string => (url.startsWith(baseUrl) ? url.slice(baseUrl.length) || '/' : url);
const spanish = (path: string): boolean => path === '/es' || path.startsWith('/es/');

// Scripts and style sheets stay unloaded: the crawl reads markup only.
const window = new Window({
  settings: { disableJavaScriptEvaluation: true, disableJavaScriptFileLoading: true, disableCSSFileLoading: true },
});
const parser = new window.DOMParser();

function read(path: string, status: number, html: string): Crawled {
  const doc = parser.parseFromString(html, 'text/html');
  const attr = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? undefined;
  const canonical = attr('link[rel="canonical"]', 'href');
  const ogImage = attr('meta[property="og:image"]', 'content');
  const alternates = Object.fromEntries(
    [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [
      l.getAttribute('hreflang') ?? '',
      local(l.getAttribute('href') ?? ''),
    ]),
  );
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map(
    (s) => JSON.parse(s.textContent) as Record<string, unknown>,
  );
  const links = [...doc.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href') ?? '');
  return {
    path,
    status,
    html,
    alternates,
    jsonLd,
    links,
    ...(canonical ? { canonical: local(canonical) } : {}),
    ...(ogImage ? { ogImage } : {}),
  };
}

/** Fetches each site path once, however often it is asked for. */
function crawler(request: APIRequestContext) {
  const seen = new Map<string, Promise<Crawled>>();
  const visit = (path: string): Promise<Crawled> => {
    let page = seen.get(path);
    if (!page) {
      page = request.get(path, { maxRedirects: 0 }).then(async (res) => read(path, res.status(), await res.text()));
      seen.set(path, page);
    }
    return page;
  };
  return { visit, all: async () => Promise.all(seen.values()) };
}

/** The site paths of the sitemap (a sitemap index: of each sitemap it names), photo pages aside. */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<(sitemap|url)>\s*<loc>([^<]+)<\/loc>/g)].map(
      (m) => [m[1], local((m[2] as string).replace(/&amp;/g, '&'))] as const,
    );
  const paths: string[] = [];
  for (const [kind, path] of await locs('/sitemap.xml')) {
    if (kind === 'url') paths.push(path);
    else for (const [, child] of await locs(path)) paths.push(child);
  }
  return paths.filter((p) => !p.includes('/photo/'));
}

/** What must be the same in each language of a page: its JSON-LD types and every image they name. */
function imagesOf(doc: Record<string, unknown>): unknown[] {
  const image = doc['image'];
  const listed = Array.isArray(image) ? image.map((i) => (i as Record<string, unknown>)['contentUrl']) : [image];
  return [...listed, doc['thumbnailUrl'], doc['contentUrl']].filter((u) => u !== undefined);
}
const parityOf = (page: Crawled) => ({
  types: page.jsonLd.map((d) => d['@type']),
  images: page.jsonLd.map(imagesOf),
  ogImage: page.ogImage,
});

/** Paths to properties with nothing in them ('', [], null). */
function emptyProperties(value: unknown, at = ''): string[] {
  if (value === '' || value === null || (Array.isArray(value) && value.length === 0)) return [at];
  if (typeof value !== 'object') return [];
  return Object.entries(value as object).flatMap(([k, v]) => emptyProperties(v, `${at}.${k}`));
}

/** The consultation page as the answer to a plain post with nothing filled in (its messages, status 422). */
async function refusedConsultation(request: APIRequestContext, path: string): Promise<Crawled> {
  const form = read(path, 200, await (await request.get(path)).text());
  const doc = parser.parseFromString(form.html, 'text/html');
  const hidden = Object.fromEntries(
    [...doc.querySelectorAll('form[method="post"] input[type="hidden"]')].map((i) => [
      i.getAttribute('name') ?? '',
      i.getAttribute('value') ?? '',
    ]),
  );
  const res = await request.post(path, {
    form: hidden,
    headers: { Origin: new URL(test.info().project.use.baseURL ?? '').origin },
  });
  return read(`POST ${path}`, res.status(), await res.text());
}

const galleries = routeCases(c).filter((r) => r.status === 200 && kindOf(r.kind).gallery !== undefined);

test('search engines see each page whole in both languages, and every page is valid HTML', async ({ request }) => {
  test.setTimeout(90_000);
  const { visit, all } = crawler(request);
  const listed = await sitemapPaths(request);
  expect(listed.filter(spanish).length).toBeGreaterThan(0);
  const pages = await Promise.all(listed.map(visit));

  await test.step('every sitemap page is linked from another page (not only from its own other language)', async () => {
    const linkedFrom = new Map<string, Set<string>>();
    for (const page of pages)
      for (const link of page.links.map((l) => l.split(/[?#]/)[0]!))
        linkedFrom.set(link, (linkedFrom.get(link) ?? new Set()).add(page.path));
    const unlinked = pages.filter((page) => {
      const itself = new Set([page.path, ...Object.values(page.alternates)]);
      return ![...(linkedFrom.get(page.path) ?? [])].some((from) => !itself.has(from));
    });
    expect(unlinked.map((p) => p.path)).toEqual([]);
  });

  await test.step('a photo of each gallery, in each of its languages', async () => {
    for (const { path } of galleries) {
      const photo = (await visit(path)).links.find((l) => l.startsWith(`${path}/photo/`));
      if (!photo) continue;
      for (const alternate of Object.values((await visit(photo)).alternates)) await visit(alternate);
    }
    const photos = (await all()).filter((p) => p.path.includes('/photo/'));
    expect(photos.filter((p) => spanish(p.path)).length).toBeGreaterThan(10);
  });

  await test.step('not-found answers: 404, nothing to index', async () => {
    const missing = [UNKNOWN_PATH, `/es${UNKNOWN_PATH}`, `${FIXTURES.images}/photo/no-such-photo`];
    for (const page of await Promise.all(missing.map(visit))) {
      expect(page.status, page.path).toBe(404);
      expect(page.canonical, page.path).toBeUndefined();
      expect(page.alternates, page.path).toEqual({});
    }
  });

  await test.step('alternates reciprocal and agreeing with the canonical address', async () => {
    await Promise.all(['/outdoor-screens', '/es/outdoor-screens'].map(visit));
    for (const page of (await all()).filter((p) => p.status !== 404)) {
      const { path, canonical, alternates } = page;
      expect(canonical, path).toBeDefined();
      expect(alternates['x-default'], path).toBe(alternates['en']);
      // An alias's canonical is its target: the alternates are the target's, the target among them.
      expect(Object.values(alternates), path).toContain(canonical);
      if (canonical !== path) expect((await visit(canonical as string)).alternates, path).toEqual(alternates);
      for (const [language, alternate] of Object.entries(alternates)) {
        const other = await visit(alternate);
        expect(other.alternates, `${path} -> ${language} ${alternate}`).toEqual(alternates);
        expect(other.canonical, `${path} -> ${alternate}`).toBe(alternate);
      }
    }
  });

  await test.step('the same structured data and images in each language, no empty property', async () => {
    for (const page of await all())
      expect(
        page.jsonLd.flatMap((d) => emptyProperties(d)),
        page.path,
      ).toEqual([]);
    const translated = (await all()).filter((p) => !spanish(p.path) && p.alternates['es'] && p.canonical === p.path);
    expect(translated.length).toBeGreaterThan(pages.length / 2);
    for (const english of translated) {
      const spanishPage = await visit(english.alternates['es'] as string);
      expect(parityOf(spanishPage), english.path).toEqual(parityOf(english));
      expect(english.ogImage, english.path).toMatch(/^https?:\/\//);
    }
    const homes = await Promise.all(['/', '/es'].map(visit));
    for (const home of homes)
      expect(
        home.jsonLd.map((d) => d['@type']),
        home.path,
      ).toContain('HomeAndConstructionBusiness');
  });

  await test.step('a gallery: an ImageGallery of its photos, a VideoObject per video', async () => {
    let videos = 0;
    for (const { path } of galleries) {
      const items = (await itemsOf(request, path)).slice(0, MAX_ITEMS);
      const ld = (await visit(path)).jsonLd;
      const photos = items.filter((i) => !isVideo(i)).length;
      const gallery = ld.filter((d) => d['@type'] === 'ImageGallery');
      expect(
        gallery.map((d) => (d['image'] as unknown[]).length),
        path,
      ).toEqual(photos > 0 ? [photos] : []);
      const objects = ld.filter((d) => d['@type'] === 'VideoObject');
      // Google's required properties: a video without a poster (one no converter can read) is left out.
      const described = items.filter((i) => isVideo(i) && (i.posterUrl ?? i.thumbnailUrl) && i.uploaded);
      expect(objects.length, path).toBe(described.length);
      for (const v of objects) {
        expect(Object.keys(v), path).toEqual(
          expect.arrayContaining(['name', 'description', 'thumbnailUrl', 'contentUrl', 'uploadDate']),
        );
      }
      videos += objects.length;
    }
    expect(videos).toBeGreaterThan(0);
  });

  await test.step('the W3C Nu HTML checker finds no error (one run over the pages of every kind)', async () => {
    const answers = await Promise.all(
      ['/consultation', '/es/consultation'].map((p) => refusedConsultation(request, p)),
    );
    for (const answer of answers) expect(answer.status, answer.path).toBe(422);
    // A photo's page is its gallery's template: one photo of each gallery kind, in each language.
    const photoOfKind = new Map<string, Crawled>();
    for (const page of await all()) {
      const gallery = galleries.find((g) => page.path.replace(/^\/es(?=\/)/, '').startsWith(`${g.path}/photo/`));
      if (gallery && page.status === 200) photoOfKind.set(`${gallery.kind} ${spanish(page.path)}`, page);
    }
    expect(photoOfKind.size).toBe(2 * new Set(galleries.map((g) => g.kind)).size);
    const checked = [
      ...(await all()).filter((p) => !p.path.includes('/photo/') || p.status !== 200),
      ...photoOfKind.values(),
      ...answers,
    ];
    expect(await nuErrors(new Map(checked.map((p) => [p.path, p.html])))).toEqual([]);
  });
});
