import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Router, type Request, type Response } from 'express';
import { robotsTxt, sitemapXml, type Catalogue } from '../../engine/index.ts';
import { PAGE_ENDPOINT, type PagePayload, type RenderPage, type Shell } from '../../engine/contract/page.ts';
import type { Logger } from '../log.ts';
import { CACHE, CDN_CACHE } from '../middleware/cache-control.ts';
import type { SiteData } from '../services.ts';
import { pageAssets, readClientManifest } from './assets.ts';
import { documentHtml, jsonForScript } from './html.ts';
import { createMatcher } from './match.ts';
import { buildPayload, type PayloadContext } from './payload.ts';

export interface RenderDeps {
  readonly data: SiteData;
  readonly catalogue: Catalogue;
  /** The build output (`dist`): client/ with Vite's manifest, server/entry-server.js. Default `<cwd>/dist`. */
  readonly distDir?: string;
  readonly logger?: Logger;
}

/** HTML may be kept by a CDN briefly; preview images must show within their 30 s freshness. */
/** Rendered pages remembered per path (identical payload -> identical HTML). */
const MAX_REMEMBERED = 500;

const shellOf = (c: Catalogue): Shell => ({
  site: c.site,
  ui: c.ui,
  figures: c.figures,
  slots: Object.fromEntries(c.slots.map((s) => [s.id, s.fallback])),
});

interface Built {
  readonly renderPage: RenderPage;
  readonly manifest: NonNullable<ReturnType<typeof readClientManifest>>;
}

/** Loads the server bundle (`vite build --ssr`) and the client manifest; null until both are built. */
async function loadBuild(distDir: string): Promise<Built | null> {
  const file = join(distDir, 'server', 'entry-server.js');
  const manifest = readClientManifest(distDir);
  if (!existsSync(file) || !manifest) return null;
  // Addressed by modification time: Node keeps a module that failed to load (or an old build) by URL.
  const version = statSync(file).mtimeMs;
  const mod = (await import(`${pathToFileURL(file).href}?v=${version}`)) as { render: RenderPage };
  return { renderPage: mod.render, manifest };
}

/**
 * Server-side rendering of every visitor route of the catalogue, plus `/sitemap.xml`, `/robots.txt`
 * and the page-payload endpoint the app reads during client navigation. Staff routes fall through
 * (`next()`) to whoever serves them. Needs `npm run build` (client bundle and server bundle).
 */
export function createRenderRouter(deps: RenderDeps): Router {
  const { catalogue, data } = deps;
  const distDir = deps.distDir ?? join(process.cwd(), 'dist');
  const shell = shellOf(catalogue);
  const shellJson = jsonForScript(shell);
  const ctx: PayloadContext = {
    catalogue,
    data,
    matcher: createMatcher(catalogue),
    onError: (key, err) => deps.logger?.warn({ key, err }, 'page data failed; rendering the error state'),
  };
  const sitemap = sitemapXml(catalogue);
  const robots = robotsTxt(catalogue);
  let build: Promise<Built | null> | null = null;
  const remembered = new Map<string, { json: string; html: string }>();

  const render = async (payload: PagePayload, search: string): Promise<string | null> => {
    const payloadJson = jsonForScript(payload);
    // By path only: query strings (tracking parameters, cache busters) must not multiply the entries.
    // No page reads the query during rendering, so one path renders the same HTML whatever follows it.
    const key = payload.path;
    const hit = remembered.get(key);
    if (hit && hit.json === payloadJson) return hit.html;
    // A failed import (a half-written build, say) is not kept: the next request tries again.
    build ??= loadBuild(distDir).catch((error: unknown) => {
      build = null;
      throw error;
    });
    const built = await build;
    if (!built) {
      // Not built yet: look again on the next request.
      build = null;
      return null;
    }
    const rendered = await built.renderPage(shell, payload, search.replace(/^\?/, ''));
    const assets = pageAssets(built.manifest, payload.page.kind);
    const html = documentHtml({ shell, shellJson, payload, payloadJson, rendered, assets });
    if (payload.status === 200) {
      remembered.delete(key);
      remembered.set(key, { json: payloadJson, html });
      if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    }
    return html;
  };

  const router = Router();

  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600').send(sitemap);
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
  });

  router.get(PAGE_ENDPOINT, async (req: Request, res: Response) => {
    const path = req.query['path'];
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 2048) {
      res.status(400).setHeader('Cache-Control', 'no-store').json({ error: 'Give the page path as ?path=/...' });
      return;
    }
    const payload = await buildPayload(ctx, path);
    if (!payload) {
      res.status(404).setHeader('Cache-Control', 'no-store').json({ error: 'No page at this path.' });
      return;
    }
    res.setHeader('Cache-Control', 'no-cache').json(payload);
  });

  router.get(/.*/, async (req: Request, res: Response, next) => {
    const path = req.path;
    const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    if (path.length > 1 && path.endsWith('/')) {
      // One leading slash only: `//host/` or `/\host/` as a Location would leave the site.
      const target = `/${path.replace(/^[/\\]+/, '').replace(/\/+$/, '')}`;
      res.redirect(301, `${target}${search}`);
      return;
    }
    const payload = await buildPayload(ctx, path);
    if (!payload || payload.type === 'document') {
      next();
      return;
    }
    const html = await render(payload, search);
    if (html === null) {
      deps.logger?.error('The site is not built: run `npm run build` (dist/client and dist/server).');
      res
        .status(503)
        .type('text/plain')
        .setHeader('Cache-Control', 'no-store')
        .send('The site is not built yet: run `npm run build`.');
      return;
    }
    res.status(payload.status).type('html');
    if (payload.status === 200)
      res.setHeader('Cache-Control', CACHE.html).setHeader('CDN-Cache-Control', CDN_CACHE.html);
    else res.setHeader('Cache-Control', 'no-store');
    res.send(html);
  });

  return router;
}
