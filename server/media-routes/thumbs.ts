import { Router } from 'express';
import pLimit from 'p-limit';
import { isPublicId, urlVersion } from '../media/ids.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import { THUMB_SIZES, thumbUrl, type ThumbSize } from '../data/media-items.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { beforeDeadline, currentDeadline } from '../resilience/deadline.ts';
import type { VideoConversions } from '../video/conversions.ts';
import { answerError, errorAnswer, type ErrorAnswer } from '../errors.ts';
import { StoreError } from '../media/types.ts';
import { CONTENT_TYPES, negotiateFormat, renderThumb, type ThumbCache } from '../imaging/thumbs.ts';
import { UnreadableImageError } from '../imaging/unreadable-image.ts';

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;
const isSize = (s: unknown): s is ThumbSize => typeof s === 'string' && (THUMB_SIZES as readonly string[]).includes(s);

/** The thumbnail size the URL asks for, or what its parts are wrong about (the catalogue's answer). */
function parseParams(
  fileId: string,
  version: string,
  size: string,
): { readonly size: ThumbSize } | { readonly refusal: ErrorAnswer } {
  if (!isPublicId(fileId)) return { refusal: errorAnswer('InvalidThumbFileId') };
  if (!VERSION.test(version)) return { refusal: errorAnswer('InvalidVersion') };
  if (!isSize(size)) return { refusal: errorAnswer('UnknownThumbSize', { sizes: THUMB_SIZES.join(', ') }) };
  return { size };
}

/** Not an error answer: the URL names an old version of the file, and the answer redirects to the current one. */
class Moved extends Error {
  constructor(readonly location: string) {
    super('moved');
  }
}

/**
 * `GET /media/thumb/:fileId/:version/:size`: a resized image (tile, preview, medium, large) in the best format
 * the client accepts. The URL is content-addressed, so the answer is immutable; an old version
 * redirects to the current one.
 */
export function thumbsRouter(data: LiveSiteData, thumbs: ThumbCache, videos?: Pick<VideoConversions, 'frame'>): Router {
  const router = Router();
  // Fetching sources and resizing are CPU and memory bound: a cold gallery of hundreds of tiles queues here.
  const limit = pLimit(4);

  const make = async (fileId: string, version: string, size: ThumbSize, format: keyof typeof CONTENT_TYPES) => {
    const file = await data.file(fileId);
    if (urlVersion(file.version) !== version) throw new Moved(thumbUrl(file, size));
    const stored = file.hasThumbnail === false ? null : await data.store.thumbnailSource(fileId);
    // A video without a poster: the frame the server extracted (server/video/), once it has.
    const source = stored ?? (await videos?.frame(fileId, version)) ?? null;
    if (!source) throw new StoreError('not-found', errorAnswer('NoThumbnail'));
    return renderThumb(source, size, format);
  };

  router.get('/media/thumb/:fileId/:version/:size', async (req, res) => {
    const { fileId, version } = req.params;
    const parsed = parseParams(fileId, version, req.params.size);
    if ('refusal' in parsed) return answerError(res, parsed.refusal);
    const thumbSize = parsed.size;
    const format = negotiateFormat(req.headers.accept);
    res.vary('Accept');
    res.setHeader('ETag', `"${version}-${thumbSize}-${format}"`);
    res.setHeader('Cache-Control', CACHE.immutable);
    if (req.fresh) return void res.status(304).end();

    let bytes: Buffer;
    try {
      // '.' separates the parts: ids and versions are [A-Za-z0-9_-] only, so no two URLs share a key.
      const making = thumbs.get(`${fileId}.${version}.${thumbSize}.${format}`, () =>
        limit(() => make(fileId, version, thumbSize, format)),
      );
      // A thumbnail made after the deadline is still kept for the next request.
      bytes = await beforeDeadline(making, currentDeadline());
      // The tile's LQIP, from the first rendition made or read (listings carry it after).
      if (data.lqips && !data.lqips.has(fileId, version)) void data.lqips.note(fileId, version, bytes);
    } catch (error) {
      if (error instanceof Moved) {
        res.removeHeader('ETag');
        return res.setHeader('Cache-Control', 'no-cache').redirect(302, error.location);
      }
      if (error instanceof UnreadableImageError) req.log?.warn({ fileId, err: error }, 'unreadable image');
      throw error;
    }
    res.type(CONTENT_TYPES[format]).setHeader('Content-Length', bytes.length);
    res.end(req.method === 'HEAD' ? undefined : bytes);
  });
  return router;
}
