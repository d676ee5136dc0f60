import { Router, type RequestHandler } from 'express';
import { robotsTxt } from '../../engine/index.ts';
import { SITEMAP_PATHS } from '../../engine/sitemap.ts';
import { gallerySitemap, photosSitemapIndex } from './photo-sitemap.ts';
import { pagesSitemap, pagesSitemapPart, type SitemapContext } from './sitemap.ts';
import { streamXml } from './xml-stream.ts';

/** A sitemap answer: its XML parts, streamed; null falls through to the not-found page. */
const sitemapRoute =
  (make: (path: string) => Promise<Iterable<string> | null>): RequestHandler =>
  async (req, res, next) => {
    const parts = await make(req.path);
    if (parts) await streamXml(res, parts);
    else next();
  };

/**
 * `/robots.txt` and the sitemaps (engine/sitemap.ts SITEMAP_PATHS): `/sitemap.xml`, the pages of the
 * route table (an index of `/sitemap-pages-<n>.xml` parts above the protocol's 50,000 URLs), and
 * `/sitemap-photos.xml`, an index of one sitemap per gallery with its photo pages. Each is made
 * when asked, from the product list and the cached listings, and streamed: its size never sits in memory.
 */
export function textFilesRouter(ctx: SitemapContext): Router {
  const robots = robotsTxt(ctx.catalogue);
  const router = Router();
  router.get(
    SITEMAP_PATHS.pages,
    sitemapRoute(() => pagesSitemap(ctx)),
  );
  router.get(
    /^\/sitemap-pages-(\d{1,6})\.xml$/,
    sitemapRoute((path) => pagesSitemapPart(ctx, Number(/(\d+)\.xml$/.exec(path)?.[1]))),
  );
  router.get(
    SITEMAP_PATHS.photos,
    sitemapRoute(async () => {
      const xml = await photosSitemapIndex(ctx);
      return xml === null ? null : [xml];
    }),
  );
  router.get(
    /^\/sitemap-photos-[^/]+\.xml$/,
    sitemapRoute((path) => gallerySitemap(ctx, path)),
  );
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
  });
  return router;
}
