import type { GenericSlide, Slide } from 'yet-another-react-lightbox';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { isVideo } from '../../engine/shared/media.ts';
import { isPlayable, posterFor, viewerSrcSet } from '../../engine/shared/viewer-media.ts';

declare module 'yet-another-react-lightbox' {
  interface GenericSlide {
    /** The media item a slide shows. */
    item?: ApiMediaItem;
    /** Its caption (engine/shared/captions.ts). */
    caption?: string;
  }
  interface SlideTypes {
    notice: SlideNotice;
  }
}

/** A video the browser cannot play inline: poster, notice, Download (and Open in Google Drive). */
export interface SlideNotice extends GenericSlide {
  type: 'notice';
  item: ApiMediaItem;
}

/** The screen's width in device pixels (the viewer fills it). */
const screenPx = (): number =>
  typeof window === 'undefined' ? 1600 : Math.round(window.innerWidth * (window.devicePixelRatio || 1));

/** The viewer's slide of a media item: an image, a video it can play, or a notice. */
export function toSlide(item: ApiMediaItem, caption: string): Slide {
  if (!isVideo(item)) {
    const src = item.largeUrl ?? item.url;
    const srcSet = viewerSrcSet(item);
    return {
      type: 'image',
      src,
      alt: caption,
      item,
      caption,
      ...(item.width && item.height ? { width: item.width, height: item.height } : {}),
      ...(srcSet ? { srcSet } : {}),
    };
  }
  if (!isPlayable(item)) return { type: 'notice', item, caption };
  return {
    type: 'video',
    item,
    caption,
    sources: [{ src: item.url, type: item.mimeType.startsWith('video/') ? item.mimeType : 'video/mp4' }],
    ...(item.posterUrl ? { poster: posterFor(item, screenPx()) } : {}),
    ...(item.width && item.height ? { width: item.width, height: item.height } : {}),
  };
}
