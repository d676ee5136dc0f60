import type { ApiUploadResult } from '../../engine/shared/api.ts';
import { STAFF_API } from '../../engine/shared/staff.ts';

/** An upload the server refused or that did not reach it; `message` is the server's text when it sent one. */
export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Sends the image and the slot (or product) id as multipart form data. XMLHttpRequest rather than
 * fetch because only it reports upload progress (`onProgress` gets 0..1).
 */
export function uploadSlotImage(
  file: File,
  id: string,
  onProgress: (fraction: number) => void,
): Promise<ApiUploadResult> {
  const form = new FormData();
  form.append('productId', id);
  form.append('image', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', STAFF_API.upload);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<ApiUploadResult> & { error?: unknown };
      if (xhr.status === 200 && typeof body?.imageUrl === 'string') {
        onProgress(1);
        resolve({ imageUrl: body.imageUrl });
      } else {
        reject(new UploadError(xhr.status, typeof body?.error === 'string' ? body.error : ''));
      }
    };
    xhr.onerror = () => reject(new UploadError(0, ''));
    xhr.send(form);
  });
}
