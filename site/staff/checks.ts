import type { Texts } from '../../engine/texts.ts';
import { fillText } from '../../engine/placeholders.ts';
import { MAX_UPLOAD_BYTES, megabytes } from '../../engine/shared/staff.ts';

/** What the browser knows of a chosen or dropped file. */
export interface FileFacts {
  readonly size: number;
  readonly type: string;
  /** The file's name: browsers outside Apple's give a HEIC no type, only its extension. */
  readonly name?: string;
}

/** Phone photos the server converts (server/imaging/heic.ts): accepted by extension when the type is blank. */
export const HEIC_EXTENSIONS = ['.heic', '.heif'] as const;
/** The picker's accept list: images, and HEIC by extension. */
export const ACCEPT_IMAGES = ['image/*', ...HEIC_EXTENSIONS].join(',');

const isHeicName = (name: string | undefined): boolean =>
  HEIC_EXTENSIONS.some((ext) => (name ?? '').toLowerCase().endsWith(ext));

/**
 * The browser-side checks of the spec, before any upload (the server checks again, by magic bytes):
 * an image mime type ('Please drop an image file'), then at most 10 MB ('Image is too large ({n}MB)...').
 * Returns the message to show, or null when the file may be sent.
 */
export function fileProblem(file: FileFacts, texts: Texts): string | null {
  if (!file.type.startsWith('image/') && !isHeicName(file.name)) return texts['notImage'] ?? '';
  if (file.size > MAX_UPLOAD_BYTES) return fillText(texts['tooLarge'] ?? '', { n: megabytes(file.size) });
  return null;
}

/** The first file of a drop or a picker, if any: only the first is used. */
export const firstFile = (files: FileList | null | undefined): File | null => files?.item(0) ?? null;
