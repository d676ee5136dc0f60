import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { Router } from 'express';
import { decideRange } from '../http/range.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';
import { answerError, errorAnswer, sendError } from '../errors.ts';
import type { VideoConversions } from './conversions.ts';

const VERSION = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `GET /media/video/:fileId/:version`: the MP4 made from a video a browser cannot play as stored,
 * streamed with HTTP Range like any MP4. Content-addressed (the source's version), so immutable;
 * 404 until it is ready.
 */
export function videosRouter(videos: VideoConversions): Router {
  const router = Router();
  router.get('/media/video/:fileId/:version', validateIds('fileId'), async (req, res, next) => {
    const { fileId, version } = req.params as { fileId: string; version: string };
    const made = VERSION.test(version) ? await videos.playableFile(fileId, version) : null;
    if (!made) {
      sendError(res, 'VideoNotReady');
      return;
    }
    const etag = `"mp4-${version}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', CACHE.immutable);
    res.setHeader('Accept-Ranges', 'bytes');
    res.type('video/mp4');
    if (req.fresh) return void res.status(304).end();
    const range = decideRange(req, made.size, etag);
    if (range.kind === 'unsatisfiable') {
      const headers = { 'Content-Range': `bytes */${made.size}` };
      answerError(res, errorAnswer('RangeNotSatisfiable', { size: made.size }), { headers });
      return;
    }
    if (range.kind === 'partial') {
      res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${made.size}`);
      res.setHeader('Content-Length', range.end - range.start + 1);
    } else {
      res.setHeader('Content-Length', made.size);
    }
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(made.path, range.kind === 'partial' ? { start: range.start, end: range.end } : {});
    pipeline(stream, res, (error) => {
      if (error && !res.writableFinished && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        req.log?.warn({ err: error, fileId }, 'video stream failed');
        if (!res.headersSent) next(error);
      }
    });
  });
  return router;
}
