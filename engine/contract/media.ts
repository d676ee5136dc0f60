import type { ApiMediaItem } from '../api.ts';

export type VideoFormat = 'mp4' | 'mov' | 'other';

const VIDEO_EXT = /\.(mp4|mov|avi|wmv|flv|webm|m4v|mkv)$/i;

/** Video recognition: a video/ mime type, or a video file extension. */
export const isVideo = (item: ApiMediaItem): boolean =>
  item.kind === 'video' || item.mimeType.startsWith('video/') || VIDEO_EXT.test(item.name);

export function videoFormat(item: ApiMediaItem): VideoFormat {
  if (item.mimeType === 'video/mp4' || /\.mp4$/i.test(item.name)) return 'mp4';
  if (item.mimeType === 'video/quicktime' || /\.mov$/i.test(item.name)) return 'mov';
  return 'other';
}

/** Whether the browser plays it inline: the server says so, else MP4 and WebM. */
export const isPlayable = (item: ApiMediaItem): boolean =>
  item.playable ?? (videoFormat(item) === 'mp4' || item.mimeType === 'video/webm' || /\.webm$/i.test(item.name));

/** The ui key of a video's format label ('MP4 format', 'MOV format', 'Video format'). */
export const formatLabelKey = (item: ApiMediaItem): string =>
  ({ mp4: 'formatMp4', mov: 'formatMov', other: 'formatVideo' })[videoFormat(item)];

/** Tile sources, best first: the tile thumbnail, then the poster or preview. */
export const tileSources = (item: ApiMediaItem): (string | undefined)[] =>
  isVideo(item)
    ? [item.thumbnailUrl, item.posterUrl ?? item.previewUrl]
    : [item.thumbnailUrl, item.previewUrl ?? item.largeUrl ?? item.url];

/**
 * Photo-album tiles keep the photo's aspect ratio, so they need an uncropped image: the medium
 * rendition (fits 600 px), then the large one (the square tile and the 4:3 preview are crops), then
 * the original.
 */
export const albumSources = (item: ApiMediaItem): (string | undefined)[] =>
  isVideo(item) ? [item.posterUrl, item.previewUrl, item.thumbnailUrl] : [item.mediumUrl, item.largeUrl, item.url];

/** Width of a rendition that fits `box` px without enlarging (as the server's resize does). */
const fitWidth = (width: number, height: number, box: number): number =>
  Math.round(width * Math.min(1, box / Math.max(width, height)));

/**
 * `srcset` of a photo-album tile: the medium and large renditions with their real widths, so that a
 * wide tile or a dense screen gets the large one. Undefined when the sizes are unknown.
 */
export function albumSrcSet(item: ApiMediaItem): string | undefined {
  const { width, height, mediumUrl, largeUrl } = item;
  if (isVideo(item) || !width || !height || !mediumUrl || !largeUrl) return undefined;
  const medium = fitWidth(width, height, 600);
  const large = fitWidth(width, height, 1600);
  return large > medium ? `${mediumUrl} ${medium}w, ${largeUrl} ${large}w` : `${mediumUrl} ${medium}w`;
}

/** Rendered width of a photo-album tile: 2 to 5 columns of the (at most 1200 px) content column. */
export const ALBUM_SIZES =
  '(min-width: 1200px) 230px, (min-width: 1100px) 20vw, (min-width: 800px) 25vw, (min-width: 560px) 33vw, 50vw';

/** Video galleries show square tiles; photo galleries the masonry album. */
export const galleryLayout = (kind: string, mediaType: string | undefined): 'squares' | 'masonry' =>
  kind === 'video-gallery' || mediaType === 'videos' ? 'squares' : 'masonry';

/**
 * The image of a gallery's first tile as its `<img>` asks for it (preloaded with the page: it is
 * often the largest paint): the first source, and for album tiles the `srcset` and `sizes` too.
 */
export function firstTileImage(
  items: readonly ApiMediaItem[],
  layout: 'squares' | 'masonry',
): { href: string; srcSet?: string; sizes?: string } | undefined {
  const first = items[0];
  if (!first) return undefined;
  const href = (layout === 'squares' ? tileSources(first) : albumSources(first)).find(Boolean);
  if (!href) return undefined;
  const srcSet = layout === 'masonry' ? albumSrcSet(first) : undefined;
  return srcSet ? { href, srcSet, sizes: ALBUM_SIZES } : { href };
}

/** Pixel size for layout; a 4:3 box when the API does not know it. */
export const itemSize = (item: ApiMediaItem): { width: number; height: number } =>
  item.width && item.height ? { width: item.width, height: item.height } : { width: 4, height: 3 };
