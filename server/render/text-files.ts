import { Router } from 'express';
import { robotsTxt, sitemapXml, type Catalogue } from '../../engine/index.ts';
import { FRESH_MS } from '../../engine/shared/keys.ts';

/** Image URLs by page path, for the sitemap's `image:image` entries. */
export type SitemapImages = () => Promise<Readonly<Record<string, readonly string[]>>>;

/**
 * `/sitemap.xml` (the route table, with each page's images when `images` is given) and `/robots.txt`.
 * The sitemap is made at most once per listing freshness window; requests meanwhile share it.
 */
export function textFilesRouter(catalogue: Catalogue, images?: SitemapImages): Router {
  const robots = robotsTxt(catalogue);
  let made: { at: number; xml: Promise<string> } | undefined;
  const sitemap = (): Promise<string> => {
    if (!images) return Promise.resolve(sitemapXml(catalogue));
    if (!made || Date.now() - made.at > FRESH_MS.default) {
      const xml = images().then(
        (found) => sitemapXml(catalogue, found),
        () => sitemapXml(catalogue),
      );
      made = { at: Date.now(), xml };
    }
    return made.xml;
  };
  const router = Router();
  router.get('/sitemap.xml', async (_req, res) => {
    res
      .type('application/xml')
      .setHeader('Cache-Control', 'public, max-age=600')
      .send(await sitemap());
  });
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
  });
  return router;
}
