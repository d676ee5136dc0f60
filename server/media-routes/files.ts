import { pipeline } from 'node:stream';
import { Router } from 'express';
import { urlVersion } from '../media/ids.ts';
import type { LiveSiteData } from '../data/site-data.ts';
import { decideRange } from '../http/range.ts';
import { CACHE } from '../middleware/cache-control.ts';
import { validateIds } from '../middleware/validate-id.ts';
import { beforeDeadline, currentDeadline } from '../resilience/deadline.ts';
import { answerError, errorAnswer } from '../errors.ts';

/** Types a browser shows as plain media (no script can run in them): served under the site's CSP. */
const INERT = /^(image\/(jpeg|png|gif|webp|avif|bmp|x-icon|heic|heif|tiff)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

/** The policy of a file that could carry script: it runs nothing and loads nothing. */
export const SANDBOX_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";

/**
 * The CSP of an original file opened in a tab. Photos and videos keep the site's policy (a sandbox
 * would give a video's page an opaque origin, and Chromium would then refuse to play it); anything
 * that can carry script (an SVG or an HTML file someone put on Drive) is sandboxed and loads nothing.
 */
export function fileCsp(mimeType: string): string | undefined {
  return INERT.test(mimeType.toLowerCase()) ? undefined : SANDBOX_CSP;
}

/**
 * `GET /media/file/:fileId`: the original file, streamed with HTTP Range (206, 416) so that a native
 * `<video>` can seek; `?download=1` adds `Content-Disposition: attachment` with the file's name.
 */
export function filesRouter(data: LiveSiteData): Router {
  const router = Router();
  router.get('/media/file/:fileId', validateIds('fileId'), async (req, res, next) => {
    const fileId = req.params.fileId as string;
    const file = await data.file(fileId);
    const etag = `"${urlVersion(file.version)}"`;
    res.setHeader('ETag', etag);
    res.setHeader('Cache-Control', CACHE.file);
    res.setHeader('Accept-Ranges', 'bytes');
    const csp = fileCsp(file.mimeType);
    if (csp) res.setHeader('Content-Security-Policy', csp);
    res.type(file.mimeType);
    if (req.query.download === '1') res.attachment(file.name);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const size = file.size;
    const range = size === undefined ? ({ kind: 'full' } as const) : decideRange(req, size, etag);
    if (range.kind === 'unsatisfiable') {
      // The answer is a JSON error, not the file: none of the file's headers go with it.
      const headers = { 'Content-Range': `bytes */${size}` };
      answerError(res, errorAnswer('RangeNotSatisfiable', { size }), { headers });
      return;
    }
    const opening = data.store.openFile(fileId, range.kind === 'partial' ? range : undefined);
    // The request's deadline bounds the wait for the first bytes; a late answer is closed unused.
    const opened = await beforeDeadline(opening, currentDeadline()).catch((error: unknown) => {
      void opening.then(
        (late) => late.stream.destroy(),
        () => undefined,
      );
      throw error;
    });
    if (range.kind === 'partial') {
      res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${opened.size}`);
      res.setHeader('Content-Length', range.end - range.start + 1);
    } else {
      res.setHeader('Content-Length', opened.size);
    }
    if (req.method === 'HEAD') {
      opened.stream.destroy();
      res.end();
      return;
    }
    pipeline(opened.stream, res, (error) => {
      // A client that goes away mid-stream is normal; anything else is logged and the socket closed.
      if (error && !res.writableFinished && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        req.log?.warn({ err: error, fileId }, 'file stream failed');
        if (!res.headersSent) next(error);
      }
    });
  });
  return router;
}
