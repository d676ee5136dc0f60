/**
 * What kind of media a file is, by its name and mime type: one rule for the server (listings,
 * streaming) and the browser (tiles, viewer).
 */

/** Video extensions: the spec's (section 5, "Video recognition") and the phone and web variants. */
export const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'avi', 'wmv', 'flv', 'webm', 'mkv'] as const;

/** Extensions a browser plays inline in a native `<video>`. */
const PLAYABLE_EXTENSIONS: readonly string[] = ['mp4', 'm4v', 'webm'];
const PLAYABLE_TYPES: readonly string[] = ['video/mp4', 'video/webm'];

/** The lower-case extension of a file name, '' when it has none. */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/** A video by mime type prefix or by extension. */
export const isVideoFile = (name: string, mimeType: string): boolean =>
  mimeType.startsWith('video/') || (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** A video browsers play inline (MP4, WebM). */
export const isPlayableFile = (name: string, mimeType: string): boolean =>
  PLAYABLE_TYPES.includes(mimeType) || PLAYABLE_EXTENSIONS.includes(extensionOf(name));
