/// <reference lib="dom" />
import type { APIRequestContext, Page as PwPage } from '@playwright/test';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import type { IslandName } from '../../engine/shared/islands.ts';
import { pageKey, type PagePayload } from '../../engine/shared/page.ts';
import { instances, isCatchAll, isPattern, type Catalogue, type Page, type TextKey } from '../../engine/index.ts';
import { loadCatalogue } from '../../engine/node/read.ts';
import { fillText } from '../../engine/placeholders.ts';

export function catalogue(): Catalogue {
  const result = loadCatalogue();
  if (!result.ok) throw new Error('The manifest is invalid: run `npm run check`.');
  return result.catalogue;
}

/** One visitor URL of the route table with what the manifest says it shows. */
export interface RouteCase {
  readonly path: string;
  readonly kind: Page['kind'];
  readonly status: number;
  readonly h1: string;
  readonly breadcrumb: readonly string[];
}

/** A path no route but the catch-all matches. */
export const UNKNOWN_PATH = '/this-page-does-not-exist';

/** Every visitor route of the table: pattern routes once per member of their params. */
export function routeCases(c: Catalogue = catalogue()): RouteCase[] {
  const cases: RouteCase[] = [];
  for (const page of c.pages) {
    if (page.staff) continue;
    if (isCatchAll(page.path)) {
      cases.push({ path: UNKNOWN_PATH, kind: page.kind, status: 404, h1: page.heading, breadcrumb: [] });
      continue;
    }
    const paths = isPattern(page.path) ? instances(page.path, page.params) : [page.path];
    for (const path of paths) {
      const vars = varsOf(c, page, path);
      const h1 =
        page.kind === 'home' ? (page.hero?.headline ?? page.heading) : fillText(page.heading || '{name}', vars);
      cases.push({
        path,
        kind: page.kind,
        status: 200,
        h1,
        breadcrumb: page.breadcrumb.map((b) => fillText(b.label, vars)),
      });
    }
  }
  return cases;
}

/** The runtime placeholders of a path, from the manifest: params, application name, media label. */
function varsOf(c: Catalogue, page: Page, path: string): Record<string, string> {
  if (!isPattern(page.path)) return {};
  const names = page.path.split('/');
  const parts = path.split('/');
  const vars: Record<string, string> = {};
  names.forEach((n, i) => {
    if (n.startsWith(':')) vars[n.slice(1)] = decodeURIComponent(parts[i] ?? '');
  });
  const owner = c.products.find((p) => p.type === vars['type']);
  if (owner) vars['name'] = owner.name;
  const media = vars['mediaType'];
  const label = media === undefined ? undefined : page.texts[media as TextKey];
  if (label) vars['mediaTypeLabel'] = label;
  return vars;
}

/** The prefix of every report of a failing island (site/islands/hydrate.tsx): always a problem. */
export const ISLAND_ERROR = '[island]';

/**
 * Console errors and warnings, page errors, and every report of a failing island (`[island] <name>:
 * hydration error: ...`, uncaught and caught errors), which no allowance ever filters out.
 */
export function watchConsole(page: PwPage, { allow404 = false, allow503 = false } = {}): () => string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    const text = m.text();
    if (text.includes(ISLAND_ERROR)) return void problems.push(`${m.type()}: ${text}`);
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    // The document of a not-found page itself answers 404: that is the point, not a problem.
    if (allow404 && /status of 404/.test(text)) return;
    // Likewise the document of a page whose media store failed (503, the page's error text).
    if (allow503 && /status of 503/.test(text)) return;
    // A page left before its load event never uses the LCP image it preloaded: Chromium says so.
    if (/was preloaded using link preload but not used/.test(text)) return;
    problems.push(`${m.type()}: ${text}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return () => problems;
}

/** Scrolls to the bottom and back so that lazy images load (for screenshots). */
export async function loadLazyImages(page: PwPage): Promise<void> {
  await page.evaluate(async () => {
    const step = window.innerHeight;
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

/** The wrappers of the page's islands of one name. */
export const islands = (page: PwPage, name: IslandName) => page.locator(`[data-island="${name}"]`);

/**
 * Resolves once every island `name` of the page is live: hydrated, its effects run (`data-live` on its
 * wrapper, site/islands/hydrate.tsx). A gallery loads with the page; the other islands wait for the
 * visitor: see `wakeIslands` and `openMenu`.
 */
export async function islandLive(page: PwPage, name: IslandName): Promise<void> {
  await page.waitForFunction((n) => {
    const all = Array.from(document.querySelectorAll(`[data-island="${n}"]`));
    return all.length > 0 && all.every((el) => el.hasAttribute('data-live'));
  }, name);
}

/**
 * Islands that load on intent (gallery dialogs, the form): the pointer goes over the first one (or,
 * `by: 'focus'`, the keyboard focus goes into it), which loads the page's script; resolves once every
 * island of that name is live.
 */
export async function wakeIslands(
  page: PwPage,
  name: 'dialog' | 'consultation',
  { by = 'pointer' }: { by?: 'pointer' | 'focus' } = {},
): Promise<void> {
  // The wrappers are no boxes (display: contents): the pointer goes over the island's first part.
  const first = islands(page, name).first();
  if (by === 'pointer') await first.locator('[data-island-root] > *').first().hover();
  else await first.locator('a, button, input, textarea').first().focus();
  await islandLive(page, name);
}

/** The phone menu's island loads when the menu first opens: opens it from the header and waits for it. */
export async function openMenu(page: PwPage): Promise<void> {
  await page.getByTestId('menu-button').click();
  await islandLive(page, 'menu');
}

/** A gallery's items as the server renders them (its page payload). */
export async function itemsOf(request: APIRequestContext, path: string): Promise<ApiMediaItem[]> {
  const payload = (await (await request.get(pageKey(path))).json()) as PagePayload;
  const lists = Object.values(payload.fallback).filter(
    (v): v is ApiMediaItem[] => Array.isArray(v) && v.every((i) => typeof i === 'object' && i && 'fileId' in i),
  );
  return lists.find((l) => l.length > 0) ?? [];
}

/** The consultation form's text-field labels, read by `t` (the form's texts in one language). */
export const formLabels = (t: (key: TextKey) => string) =>
  ({
    name: t('nameLabel'),
    phone: t('phoneLabel'),
    email: t('emailLabel'),
    place: t('placeLabel'),
    times: t('timesLabel'),
    message: t('messageLabel'),
  }) as const;
