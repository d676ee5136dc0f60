import { Router } from 'express';
import { isPublicId, urlVersion } from '../ids.ts';
import type { LiveSiteData } from '../data.ts';
import { THUMB_SIZES, thumbUrl, type ThumbSize } from '../media-items.ts';
import { CACHE } from '../middleware/cache-control.ts';
import {
  CONTENT_TYPES,
  limiter,
  negotiateFormat,
  renderThumb,
  UnreadableImageError,
  type ThumbCache,
} from '../thumbs.ts';

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;
const isSize = (s: unknown): s is ThumbSize => typeof s === 'string' && (THUMB_SIZES as readonly string[]).includes(s);

const fail = (status: number, error: string) => ({ status, error });

/**
 * `GET /media/thumb/:fileId/:version/:size`: a resized image (tile, preview, large) in the best format
 * the client accepts. The URL is content-addressed, so the answer is immutable; a stale version
 * redirects to the current one.
 */
export function thumbsRouter(data: LiveSiteData, thumbs: ThumbCache): Router {
  const router = Router();
  // Resizing is CPU and memory bound: a cold gallery of hundreds of tiles queues here.
  const limit = limiter(4);
  router.get('/media/thumb/:fileId/:version/:size', async (req, res) => {
    const { fileId, version, size } = req.params;
    const bad = !isPublicId(fileId)
      ? fail(400, 'Invalid file id.')
      : !VERSION.test(version)
        ? fail(400, 'Invalid version.')
        : !isSize(size)
          ? fail(400, `Unknown size: use ${THUMB_SIZES.join(', ')}.`)
          : null;
    if (bad || !isSize(size)) {
      res
        .status(bad?.status ?? 400)
        .setHeader('Cache-Control', 'no-store')
        .json({ error: bad?.error });
      return;
    }
    const format = negotiateFormat(req.headers.accept);
    const key = `${fileId}-${version}-${size}.${format}`;
    res.vary('Accept');
    res.setHeader('ETag', `"${version}-${size}-${format}"`);
    res.setHeader('Cache-Control', CACHE.immutable);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const bytes = await thumbs
      .get(key, async () => {
        const file = await data.file(fileId);
        if (urlVersion(file.version) !== version) throw new MovedError(thumbUrl(file, size));
        if (file.hasThumbnail === false) throw new NoThumbnailError();
        const source = await data.store.thumbnailSource(fileId);
        if (!source) throw new NoThumbnailError();
        return limit(() => renderThumb(source, size, format));
      })
      .catch((error: unknown) => {
        if (error instanceof MovedError) return error;
        res.setHeader('Cache-Control', 'no-store');
        if (error instanceof NoThumbnailError) return fail(404, 'This file has no thumbnail.');
        if (error instanceof UnreadableImageError) {
          req.log?.warn({ fileId, err: error }, 'unreadable image');
          return fail(422, 'This image file cannot be read; it may be damaged.');
        }
        throw error;
      });
    if (bytes instanceof MovedError) {
      res.removeHeader('ETag');
      res.setHeader('Cache-Control', 'no-cache').redirect(302, bytes.location);
    } else if (!Buffer.isBuffer(bytes)) res.status(bytes.status).json({ error: bytes.error });
    else
      res
        .type(CONTENT_TYPES[format])
        .setHeader('Content-Length', bytes.length)
        .end(req.method === 'HEAD' ? undefined : bytes);
  });
  return router;
}

class MovedError extends Error {
  constructor(readonly location: string) {
    super('moved');
  }
}
class NoThumbnailError extends Error {}
