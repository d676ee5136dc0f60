import { fillText } from '../../engine/contract/text.ts';
import { MAX_UPLOAD_BYTES, megabytes } from '../../engine/contract/staff.ts';

/** What the browser knows of a chosen or dropped file. */
export interface FileFacts {
  readonly size: number;
  readonly type: string;
}

/**
 * The browser-side checks of the spec, before any upload (the server checks again, by magic bytes):
 * an image mime type ('Please drop an image file'), then at most 10 MB ('Image is too large ({n}MB)...').
 * Returns the message to show, or null when the file may be sent.
 */
export function fileProblem(file: FileFacts, texts: Readonly<Record<string, string>>): string | null {
  if (!file.type.startsWith('image/')) return texts['notImage'] ?? '';
  if (file.size > MAX_UPLOAD_BYTES) return fillText(texts['tooLarge'] ?? '', { n: megabytes(file.size) });
  return null;
}

/** The first file of a drop or a picker, if any: only the first is used. */
export const firstFile = (files: FileList | null | undefined): File | null => files?.item(0) ?? null;
