import type { Texts } from '../../engine/texts.ts';
import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import multer from 'multer';
import type { ApiUploadResult } from '../../engine/shared/api.ts';
import { fillText } from '../../engine/placeholders.ts';
import { MAX_UPLOAD_BYTES, megabytes, STAFF_API } from '../../engine/shared/staff.ts';
import { answerError, sendError } from '../errors.ts';
import { UnreadableImageError } from '../imaging/unreadable-image.ts';
import type { StaffAuth } from './auth.ts';
import { checkSlotImage } from './image-type.ts';
import { sameOriginOnly } from './origin.ts';
import type { SlotImages } from './slot-images.ts';
import { CACHE } from '../middleware/cache-control.ts';

export interface UploadOptions {
  readonly auth: StaffAuth;
  readonly images: SlotImages;
  /** Ids an image may be stored under: the manifest's slots and products. */
  readonly knownIds: ReadonlySet<string>;
  /** The image manager's texts (the too-large message). */
  readonly texts: Texts;
}

/**
 * `POST /api/upload-preview-image` (multipart: `image`, `productId`) -> `{ imageUrl }`. In order:
 * same origin (403), staff session (401), body parsed in memory with a 10 MB limit (413), a known
 * slot or product id (400), an image by its magic bytes (415), at most MAX_INPUT_PIXELS counting every
 * frame (413), pixels that decode (422); only then is anything stored.
 */
export function uploadRouter({ auth, images, knownIds, texts }: UploadOptions): Router {
  const router = Router();
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 },
  }).single('image');

  const tooLarge = (req: Request): string => {
    const length = Number(req.headers['content-length']);
    return fillText(texts['tooLarge'] ?? 'Image is too large ({n}MB).', {
      n: Number.isFinite(length) && length > MAX_UPLOAD_BYTES ? megabytes(length) : `>${megabytes(MAX_UPLOAD_BYTES)}`,
    });
  };

  const parseErrors: ErrorRequestHandler = (error, req, res, next) => {
    if (error instanceof multer.MulterError) {
      if (error.code === 'LIMIT_FILE_SIZE') return sendError(res, 'UploadTooLarge', { tooLarge: tooLarge(req) });
      return sendError(res, 'UploadMalformed');
    }
    next(error);
  };

  const store: RequestHandler = async (req, res) => {
    const id = (req.body as { productId?: unknown } | undefined)?.productId;
    if (typeof id !== 'string' || !knownIds.has(id)) {
      return sendError(res, 'UnknownSlotId', { id: String(id ?? '') });
    }
    if (!req.file) return sendError(res, 'UploadWithoutFile');
    const checked = await checkSlotImage(req.file.buffer);
    if (!checked.ok) return answerError(res, checked.refusal);
    try {
      const { imageUrl } = await images.put(id, checked.converted ?? req.file.buffer, checked);
      req.log?.info({ slot: id, imageUrl, bytes: req.file.size }, 'slot image stored');
      await auth.audit(req, { action: 'slot-image.upload', object: `${id} -> ${imageUrl}` });
      res
        .status(200)
        .setHeader('Cache-Control', CACHE.none)
        .json({ imageUrl } satisfies ApiUploadResult);
    } catch (error) {
      // Its header read fine, its pixels do not (a truncated or corrupt file): staff's file, not us.
      if (error instanceof UnreadableImageError) {
        req.log?.info({ err: error.cause, slot: id }, 'slot image could not be decoded');
        return sendError(res, 'UnreadableUpload');
      }
      // Drive's storageQuotaExceeded (507, NoDriveStorage: what staff must change) and store failures.
      throw error;
    }
  };

  router.post(STAFF_API.upload, sameOriginOnly, auth.api('images'), parse, parseErrors, store);
  return router;
}
