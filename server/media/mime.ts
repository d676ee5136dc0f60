import { extensionOf, isPlayableFile, isVideoFile } from '../../engine/shared/file-types.ts';

export { extensionOf };

/** File types the galleries know, by lower-case extension. */
const TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heic: 'image/heic',
  heif: 'image/heif',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** The mime type of a media file by its name, or null when it is not an image or a video. */
export const mimeTypeOf = (name: string): string | null => TYPES[extensionOf(name)] ?? null;

/** The one video rule (engine/shared/file-types.ts), under the names the stores use. */
export const isVideo = isVideoFile;
export const isPlayable = isPlayableFile;

/** Sibling poster of a video: `<stem>.poster.jpg` (or `<name>.poster.jpg`). Never listed as an item. */
export const POSTER_SUFFIX = '.poster.jpg';
export const isPoster = (name: string): boolean => name.toLowerCase().endsWith(POSTER_SUFFIX);
export const posterNames = (videoName: string): string[] => {
  const dot = videoName.lastIndexOf('.');
  const stem = dot > 0 ? videoName.slice(0, dot) : videoName;
  return [`${stem}${POSTER_SUFFIX}`, `${videoName}${POSTER_SUFFIX}`];
};
