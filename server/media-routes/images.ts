import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Router, type Request, type Response } from 'express';
import pLimit from 'p-limit';
import { RENDITIONS, type RenditionName } from '../../engine/shared/images.ts';
import { DEFAULT_NAME, SLOT_FILE_NAME, type ImageRefs } from '../imaging/images.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { sendError } from '../errors.ts';
import { CONTENT_TYPES, negotiateFormat, renderThumb, type ThumbCache } from '../imaging/thumbs.ts';
import { UnreadableImageError } from '../imaging/unreadable-image.ts';

const isRendition = (s: string): s is RenditionName => (RENDITIONS as readonly string[]).includes(s);

/**
 * Renditions of the images slots show, through the same resizer and bounded disk cache as gallery
 * thumbnails (WebP/AVIF by Accept, JPEG otherwise; immutable, content-addressed):
 * - `GET /media/slot/<sha256>.<ext>/<rendition>`: a staff upload (local mode: kept in the site database;
 *   the original is `/media/slot/<sha256>.<ext>`);
 * - `GET /media/default/<hash>/<name>/<rendition>`: a built-in default from `<dataDir>/defaults`; an old
 *   hash redirects to the current one.
 * Drive-mode uploads are store files: `/media/thumb/<id>/<version>/<rendition>`.
 */
export function imagesRouter(
  dataDir: string,
  refs: ImageRefs,
  thumbs: ThumbCache,
  /** The bytes of a slot image (kept in the site database); without it, slot renditions are 404. */
  slotBytes?: (name: string) => Promise<Buffer | undefined>,
): Router {
  const router = Router();
  const limit = pLimit(2);

  const send = async (req: Request, res: Response, key: string, etag: string, source: () => Promise<Buffer>) => {
    const size = req.params['size'] as RenditionName;
    const format = negotiateFormat(req.headers.accept);
    res.vary('Accept');
    res.setHeader('ETag', `"${etag}-${size}-${format}"`);
    res.setHeader('Cache-Control', CACHE.immutable);
    if (req.fresh) return void res.status(304).end();
    let bytes: Buffer;
    try {
      bytes = await thumbs.get(`${key}.${size}.${format}`, () =>
        limit(async () => renderThumb(await source(), size, format)),
      );
    } catch (error) {
      if (error instanceof UnreadableImageError) return sendError(res, 'UnreadableRendition');
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return sendError(res, 'NoImage');
      throw error;
    }
    res.type(CONTENT_TYPES[format]).setHeader('Content-Length', bytes.length);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  };

  router.get('/media/slot/:name/:size', async (req, res) => {
    const { name, size } = req.params;
    if (!SLOT_FILE_NAME.test(name) || !isRendition(size)) return sendError(res, 'NoSlotImage');
    const sha = name.slice(0, 64);
    await send(req, res, `slot-${sha}`, sha.slice(0, 16), async () => {
      const bytes = await slotBytes?.(name);
      if (!bytes) throw Object.assign(new Error(`no slot image ${name}`), { code: 'ENOENT' });
      return bytes;
    });
  });

  router.get('/media/default/:hash/:name/:size', async (req, res) => {
    const { hash, name, size } = req.params;
    if (!/^[a-f0-9]{16}$/.test(hash) || !DEFAULT_NAME.test(name) || !isRendition(size)) {
      return sendError(res, 'NoDefaultImage');
    }
    const ref = await refs.defaultRef(name);
    if (!ref) return sendError(res, 'NoDefaultImage');
    if (!ref.base.includes(`/${hash}/`)) {
      return void res.setHeader('Cache-Control', 'no-cache').redirect(302, `${ref.base}/${size}`);
    }
    await send(req, res, `default-${hash}`, hash, () => readFile(join(dataDir, 'defaults', name)));
  });

  return router;
}
