import type { ApiFolderPreview, ApiMediaItem } from './api.ts';
import { isVideoFile } from './file-types.ts';
import { responsive, SIZES, thumbBase, type ImageRef } from './images.ts';

/** Video recognition: the server says so, else a video/ mime type or a video file extension. */
export const isVideo = (item: Pick<ApiMediaItem, 'kind' | 'name' | 'mimeType'>): boolean =>
  item.kind === 'video' || isVideoFile(item.name, item.mimeType);

/** Tile sources, best first: the tile thumbnail, then the poster or the `preview` rendition. */
export const tileSources = (item: ApiMediaItem): (string | undefined)[] =>
  isVideo(item)
    ? [item.thumbnailUrl, item.posterUrl ?? item.previewUrl]
    : [item.thumbnailUrl, item.previewUrl ?? item.largeUrl ?? item.url];

/**
 * Photo-album tiles keep the photo's aspect ratio, so they need an uncropped image: the medium
 * rendition (fits 600 px), then the large one (the square tile and the 4:3 `preview` rendition are crops), then
 * the original.
 */
export const albumSources = (item: ApiMediaItem): (string | undefined)[] =>
  isVideo(item) ? [item.posterUrl, item.previewUrl, item.thumbnailUrl] : [item.mediumUrl, item.largeUrl, item.url];

/**
 * The responsive image of a store file (photo or video poster): renditions under its thumbnail base.
 * A file whose size the store does not know is taken as 4:3 (renditions never enlarge anyway).
 */
export function itemImage(item: ApiMediaItem): ImageRef | undefined {
  const base = thumbBase(item.thumbnailUrl ?? item.mediumUrl);
  if (!base) return undefined;
  const { width, height } =
    item.width && item.height ? { width: item.width, height: item.height } : { width: 1600, height: 1200 };
  return { base, width, height, ...(item.lqip ? { lqip: item.lqip } : {}) };
}

/** `srcset` of a photo-album tile (uncropped renditions with their true widths). */
export function albumSrcSet(item: ApiMediaItem): string | undefined {
  const ref = itemImage(item);
  return ref ? responsive(ref).srcSet : undefined;
}

/** `srcset` of a square tile (square crops). */
export function squareSrcSet(item: ApiMediaItem): string | undefined {
  const ref = itemImage(item);
  return ref ? responsive(ref, { square: true }).srcSet : undefined;
}

/** Intrinsic size of a square tile (its largest crop; the 400 px tile when the file has no renditions). */
export function squareSize(item: ApiMediaItem): { width: number; height: number } {
  const ref = itemImage(item);
  const { width, height } = ref ? responsive(ref, { square: true }) : { width: 400, height: 400 };
  return { width, height };
}

/** Rendered width of a photo-album tile: 2 to 5 columns of the (at most 1200 px) content column. */
export const ALBUM_SIZES = SIZES.album;

/**
 * A folder's cover: its first image's `preview` rendition, else the first video poster (the answer of
 * the spec's folder preview lookup, `GET /api/drive-preview`).
 */
export const folderCover = (items: readonly ApiMediaItem[]): ApiFolderPreview => ({
  previewUrl:
    items.find((i) => i.kind === 'image' && i.previewUrl)?.previewUrl ??
    items.find((i) => i.posterUrl)?.posterUrl ??
    null,
});

/** Tiles in the first screenful, loaded eagerly (the rest load lazily over their LQIP). */
export const EAGER_TILES = 4;

/**
 * The tile likely to be the largest paint: columns share one width, so among the first screenful the
 * tallest (by aspect ratio) covers the most pixels; square tiles are all alike, so the first.
 */
export function lcpTileIndex(items: readonly ApiMediaItem[], layout: 'squares' | 'masonry'): number {
  if (layout === 'squares') return 0;
  let best = 0;
  let tallest = 0;
  items.slice(0, EAGER_TILES).forEach((item, i) => {
    const { width, height } = itemSize(item);
    if (height / width > tallest + 0.01) [best, tallest] = [i, height / width];
  });
  return best;
}

/**
 * The image of a gallery's largest-paint tile as its `<img>` asks for it (preloaded with the page):
 * the first source with its `srcset` and `sizes`.
 */
export function firstTileImage(
  items: readonly ApiMediaItem[],
  layout: 'squares' | 'masonry',
): { href: string; srcSet?: string; sizes?: string } | undefined {
  const first = items[lcpTileIndex(items, layout)];
  if (!first) return undefined;
  const href = (layout === 'squares' ? tileSources(first) : albumSources(first)).find(Boolean);
  if (!href) return undefined;
  const srcSet = layout === 'masonry' ? albumSrcSet(first) : squareSrcSet(first);
  return srcSet ? { href, srcSet, sizes: layout === 'masonry' ? SIZES.album : SIZES.square } : { href };
}

/** Pixel size for layout; a 4:3 box when the API does not know it. */
export const itemSize = (item: ApiMediaItem): { width: number; height: number } =>
  item.width && item.height ? { width: item.width, height: item.height } : { width: 4, height: 3 };
