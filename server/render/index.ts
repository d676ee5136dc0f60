import { join } from 'node:path';
import { Router, type RequestHandler } from 'express';
import { languageOf, publishedLanguages, siteIn, type Catalogue } from '../../engine/index.ts';
import { PAGE_ENDPOINT, type RoutePayload } from '../../engine/shared/page.ts';
import { shellOf } from '../../engine/shared/shell.ts';
import type { ImageRefs } from '../imaging/images.ts';
import type { Logger } from '../log.ts';
import type { SiteData } from '../data/fetchers.ts';
import { createMatcher } from './match.ts';
import { type PayloadContext } from './payload.ts';
import { buildRoutePayload } from './photo.ts';
import { structuredData } from './structured-data.ts';
import { pageAnswer } from './status.ts';
import { formViewOf, perView } from './form-view.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { createPageRenderer, type PageRenderer } from './renderer.ts';
import { textFilesRouter } from './text-files.ts';
import { markDefaultLanguageLinks, withLanguages } from './languages.ts';
import { answerError, sendError, sendErrorText } from '../errors.ts';
import { markRoute, photoRoute } from '../ops/route-label.ts';

export interface RenderDeps {
  readonly data: SiteData;
  readonly catalogue: Catalogue;
  /** The build output (`dist`): client/ with Vite's manifest, server/entry-server.js. Default `<cwd>/dist`. */
  readonly distDir?: string;
  readonly logger?: Logger;
  /** Resolves slot image URLs to responsive renditions; without it slot images have no srcset. */
  readonly images?: ImageRefs;
  /** The share of page views that report their Web Vitals (`WEB_VITALS_SAMPLE_RATE`); default none. */
  readonly vitalsRate?: number;
}

/** The site in one language: its catalogue (engine/addresses.ts `siteIn`), what builds its payloads, its renderer. */
interface LanguageSite {
  readonly ctx: PayloadContext;
  readonly render: PageRenderer;
}

/** The payload of any visitor path in the language its address is in, with its languages (switcher, hreflang). */
type Payloads = (path: string) => Promise<{ payload: RoutePayload | null; render: PageRenderer }>;

/** A page's payload as JSON (`?path=/...`): a gallery dialog's Try Again looks its folder up again there. */
const payloadEndpoint =
  (payloads: Payloads): RequestHandler =>
  async (req, res) => {
    const path = req.query['path'];
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 2048) {
      sendError(res, 'PagePathMissing');
      return;
    }
    const { payload } = await payloads(path);
    if (!payload) {
      sendError(res, 'NoPage');
      return;
    }
    res
      .setHeader('Cache-Control', payload.type === 'page' && payload.errors.length > 0 ? 'no-store' : 'no-cache')
      .json(payload);
  };

/** Every other GET: the page's HTML (a trailing slash redirects; unknown and document pages fall through). */
const pageRoute =
  (payloads: Payloads, logger?: Logger): RequestHandler =>
  async (req, res, next) => {
    const path = req.path;
    if (path.length > 1 && path.endsWith('/')) {
      const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      // One leading slash only: `//host/` or `/\host/` as a Location would leave the site.
      const target = `/${path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}`;
      res.redirect(301, `${target}${search}`);
      return;
    }
    const { payload, render } = await payloads(path);
    if (!payload || payload.type === 'document') {
      next();
      return;
    }
    markRoute(res, payload.photo ? photoRoute(payload.page.path) : payload.page.path);
    const html = await render(payload);
    if (html === null) {
      logger?.error('The site is not built: run `npm run build` (dist/client and dist/server).');
      sendErrorText(res, 'SiteNotBuilt');
      return;
    }
    const answer = pageAnswer(payload);
    if ('error' in answer) answerError(res, answer.error, { body: { html } });
    else {
      const view = perView(html, answer.headers);
      res.type('html').set(view.headers).send(view.html);
    }
  };

/**
 * A form's answer handed on by its router (`showFormView`): its page rendered with it, never cached
 * nor indexed, with a new form token, and with the refusal's status when it is one.
 */
const formViewRoute =
  (payloads: Payloads): RequestHandler =>
  async (_req, res, next) => {
    const view = formViewOf(res);
    if (!view) {
      next();
      return;
    }
    const { payload, render } = await payloads(view.page);
    if (payload?.type !== 'page') {
      next();
      return;
    }
    const sent = 'sent' in view.answer;
    const title = sent ? (payload.page.texts['thankYouTitle'] ?? payload.head.title) : payload.head.title;
    const html = await render({ ...payload, head: { ...payload.head, title }, form: view.answer });
    if (html === null) {
      sendErrorText(res, 'SiteNotBuilt');
      return;
    }
    const page = perView(html, {}).html;
    const headers = { 'Cache-Control': CACHE.none, 'X-Robots-Tag': 'noindex' };
    if (view.error) answerError(res, view.error, { body: { html: page }, headers });
    else res.type('html').set(headers).send(page);
  };

/**
 * Server-side rendering of every visitor route of the catalogue, plus `/sitemap.xml`, `/robots.txt`
 * and the page-payload endpoint the app reads during client navigation. Staff routes fall through
 * (`next()`) to whoever serves them. Needs `npm run build` (client bundle and server bundle).
 */
export function createRenderRouter(deps: RenderDeps): Router {
  const { catalogue } = deps;
  const sites = new Map(publishedLanguages(catalogue).map((l) => [l, languageSite(deps, l)]));
  const payloads: Payloads = async (path) => {
    const { language } = languageOf(catalogue, path);
    const site = sites.get(language) ?? (sites.values().next().value as LanguageSite);
    const payload = withLanguages(catalogue, await buildRoutePayload(site.ctx, path));
    return { payload, render: site.render };
  };
  const router = Router();
  const first = sites.values().next().value as LanguageSite;
  router.use(formViewRoute(payloads));
  router.use(textFilesRouter({ catalogue, data: deps.data, matcher: first.ctx.matcher }));
  router.get(PAGE_ENDPOINT, payloadEndpoint(payloads));
  router.get(/.*/, pageRoute(payloads, deps.logger));
  return router;
}

/** The site in `language`: its pages under its prefix, rendered from the catalogue read in it. */
function languageSite(deps: RenderDeps, language: string): LanguageSite {
  const catalogue = siteIn(deps.catalogue, language);
  const ctx: PayloadContext = {
    catalogue,
    data: deps.data,
    matcher: createMatcher(catalogue),
    ...(deps.images ? { images: deps.images } : {}),
    onError: (key, err) => deps.logger?.warn({ key, err }, 'page data failed; rendering the error state'),
  };
  const render = createPageRenderer(
    deps.distDir ?? join(process.cwd(), 'dist'),
    shellOf(catalogue),
    (payload) => structuredData(catalogue, payload),
    (html) => markDefaultLanguageLinks(deps.catalogue, language, html),
    deps.vitalsRate,
  );
  return { ctx, render };
}
