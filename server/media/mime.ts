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
};

/** Video extensions of the spec (section 5, "Video recognition"). */
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'avi', 'wmv', 'flv', 'webm'] as const;

export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** The mime type of a media file by its name, or null when it is not an image or a video. */
export const mimeTypeOf = (name: string): string | null => TYPES[extensionOf(name)] ?? null;

/** A video by mime type prefix or by extension (spec section 5). */
export const isVideo = (name: string, mimeType: string): boolean =>
  mimeType.startsWith('video/') || (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** Browsers play these inline in a native `<video>`. */
export const isPlayable = (name: string, mimeType: string): boolean =>
  mimeType === 'video/mp4' || mimeType === 'video/webm' || ['mp4', 'webm', 'm4v'].includes(extensionOf(name));

/** Sibling poster of a video: `<stem>.poster.jpg` (or `<name>.poster.jpg`). Never listed as an item. */
export const POSTER_SUFFIX = '.poster.jpg';
export const isPoster = (name: string): boolean => name.toLowerCase().endsWith(POSTER_SUFFIX);
export const posterNames = (videoName: string): string[] => {
  const dot = videoName.lastIndexOf('.');
  const stem = dot > 0 ? videoName.slice(0, dot) : videoName;
  return [`${stem}${POSTER_SUFFIX}`, `${videoName}${POSTER_SUFFIX}`];
};
