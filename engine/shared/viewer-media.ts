import type { ApiMediaItem } from './api.ts';
import type { UiKey } from '../texts.ts';
import { isPlayableFile } from './file-types.ts';
import { renditionsOf, thumbBase, WIDTHS } from './images.ts';
import { itemImage } from './media.ts';

/**
 * What only the full-screen viewer needs of a store file (its format, whether it plays inline, its
 * renditions and poster), apart from what a gallery's tiles need (media.ts): a gallery page's first
 * load carries the tiles' part only, the viewer's comes with the viewer.
 */

export type VideoFormat = 'mp4' | 'mov' | 'other';

export function videoFormat(item: ApiMediaItem): VideoFormat {
  if (item.mimeType === 'video/mp4' || /\.mp4$/i.test(item.name)) return 'mp4';
  if (item.mimeType === 'video/quicktime' || /\.mov$/i.test(item.name)) return 'mov';
  return 'other';
}

/** Whether the browser plays it inline: the server says so, else MP4 and WebM. */
export const isPlayable = (item: ApiMediaItem): boolean => item.playable ?? isPlayableFile(item.name, item.mimeType);

/** The ui key of a video's format label ('MP4 format', 'MOV format', 'Video format'). */
export const formatLabelKey = (item: ApiMediaItem): UiKey =>
  (({ mp4: 'formatMp4', mov: 'formatMov', other: 'formatVideo' }) as const)[videoFormat(item)];

/**
 * What the full-screen viewer shows of a photo: every uncropped rendition with its true size (the
 * viewer picks by the slide's size and the screen's density), so a phone never loads the 1600 px image.
 */
export function viewerSrcSet(item: ApiMediaItem): { src: string; width: number; height: number }[] | undefined {
  const ref = itemImage(item);
  return ref && item.width && item.height ? renditionsOf(ref) : undefined;
}

/**
 * A video's poster for a screen `screenPx` device pixels wide: the smallest uncropped rendition at
 * least that wide (the `<video>` poster has no srcset), else the poster the listing gives.
 */
export function posterFor(item: ApiMediaItem, screenPx: number): string | undefined {
  const base = thumbBase(item.posterUrl);
  if (!base) return item.posterUrl;
  const width = WIDTHS.find((w) => w >= Math.min(screenPx, 1600)) ?? 1600;
  return `${base}/w${width}`;
}
