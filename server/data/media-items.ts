import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { RENDITIONS, type RenditionName } from '../../engine/shared/images.ts';
import { urlVersion } from '../media/ids.ts';
import { isPlayable, isVideo } from '../media/mime.ts';
import type { StoreFile } from '../media/types.ts';

/** Thumbnail sizes of `/media/thumb/<fileId>/<version>/<size>`. */
export const NAMED_SIZES = ['tile', 'preview', 'medium', 'large', 'og'] as const;
/** Named sizes and the responsive renditions (engine/shared/images.ts). */
export const THUMB_SIZES: readonly ThumbSize[] = [...NAMED_SIZES, ...RENDITIONS];
export type ThumbSize = (typeof NAMED_SIZES)[number] | RenditionName;

export const thumbUrl = (file: StoreFile, size: ThumbSize): string =>
  `/media/thumb/${file.id}/${urlVersion(file.version)}/${size}`;
/** The 1200x630 rendition of a listed item (link previews: `og:image`), from its tile's address. */
export const ogImageUrl = (item: ApiMediaItem): string | undefined =>
  (item.thumbnailUrl ?? item.posterUrl)?.replace(/\/(tile|large)$/, '/og');
export const fileUrl = (fileId: string): string => `/media/file/${fileId}`;

/** A store file as the API shows it: same-origin URLs only, sizes for layout, video flags. */
export function toMediaItem(file: StoreFile): ApiMediaItem {
  const video = isVideo(file.name, file.mimeType);
  const thumbs = file.hasThumbnail !== false;
  return {
    id: file.id,
    fileId: file.id,
    name: file.name,
    ...(file.caption ? { caption: file.caption } : {}),
    ...(file.captions ? { captions: file.captions } : {}),
    url: fileUrl(file.id),
    downloadUrl: `${fileUrl(file.id)}?download=1`,
    mimeType: file.mimeType,
    kind: video ? 'video' : 'image',
    ...(file.width && file.height ? { width: file.width, height: file.height } : {}),
    ...(thumbs
      ? {
          thumbnailUrl: thumbUrl(file, 'tile'),
          previewUrl: thumbUrl(file, 'preview'),
          mediumUrl: thumbUrl(file, 'medium'),
          largeUrl: thumbUrl(file, 'large'),
        }
      : {}),
    ...(video ? { playable: isPlayable(file.name, file.mimeType) } : {}),
    ...(video && thumbs ? { posterUrl: thumbUrl(file, 'large') } : {}),
    ...(file.viewUrl ? { viewUrl: file.viewUrl } : {}),
    ...(file.uploaded ? { uploaded: file.uploaded } : {}),
    ...(video && file.durationMs ? { duration: Math.round(file.durationMs / 1000) } : {}),
  };
}
