import { captionsFor, parseCaptionText, withCaptions, type FolderCaptionTables } from './caption-text.ts';
import { shortHash } from './ids.ts';
import type { DriveFile } from './drive-api.ts';
import { FOLDER_MIME } from './drive-query.ts';
import { isPoster, isVideo, mimeTypeOf, posterNames } from './mime.ts';
import type { StoreFile } from './types.ts';

/** Image types sharp reads; other images (HEIC, ...) are thumbnailed from Drive's thumbnailLink. */
export const READABLE_IMAGES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);

/** Size asked of a thumbnailLink (its `=s220` suffix is Drive's default) for the largest thumbnail. */
export const THUMBNAIL_SOURCE_SIZE = 1600;

export const viewUrl = (id: string): string => `https://drive.google.com/file/d/${id}/view`;

/** Same order as the local store: natural by name, ties by code points. */
export const byName = (a: StoreFile, b: StoreFile): number =>
  a.name.localeCompare(b.name, 'en', { numeric: true }) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The thumbnailLink at a larger size: Google's links end in `=s<px>`. */
export const sizedThumbnailLink = (link: string): string =>
  /=s\d+$/.test(link) ? link.replace(/=s\d+$/, `=s${THUMBNAIL_SOURCE_SIZE}`) : link;

/** The mime type of a Drive file, corrected by its name when Drive only knows octet-stream. */
export function mimeOf(f: DriveFile): string {
  const given = f.mimeType ?? '';
  if (given.startsWith('image/') || given.startsWith('video/')) return given;
  return mimeTypeOf(f.name ?? '') ?? given;
}

/** Images and videos of a listing; folders, Google Docs, posters and other files are not media items. */
export function isMediaFile(f: DriveFile): boolean {
  const name = f.name ?? '';
  if (!f.id || f.trashed || f.mimeType === FOLDER_MIME || isPoster(name)) return false;
  const mime = mimeOf(f);
  return mime.startsWith('image/') || isVideo(name, mime);
}

/** The name of `video`'s poster among `names` (a sibling `<stem>.poster.jpg`), if any. */
export const posterAmong = (video: string, names: ReadonlySet<string>): string | undefined =>
  posterNames(video).find((n) => names.has(n));

/**
 * A Drive file as a StoreFile. `hasPoster`: a video has a poster file beside it, which serves as
 * its thumbnail when Drive has made none. Its captions: its description (a line starting `es:`
 * begins the Spanish one) laid over its folder's captions files (`tables`), language by language.
 */
export function toStoreFile(f: DriveFile, hasPoster = false, tables: FolderCaptionTables = new Map()): StoreFile {
  const id = f.id ?? '';
  const name = f.name ?? '';
  const mimeType = mimeOf(f);
  const video = isVideo(name, mimeType);
  const meta = video ? f.videoMediaMetadata : f.imageMediaMetadata;
  // Drive reports stored pixels and the clockwise quarter turns to show them upright.
  const turned = !video && (f.imageMediaMetadata?.rotation ?? 0) % 2 === 1;
  const width = (turned ? meta?.height : meta?.width) ?? undefined;
  const height = (turned ? meta?.width : meta?.height) ?? undefined;
  const hasThumbnail = video
    ? Boolean(f.hasThumbnail) || hasPoster
    : READABLE_IMAGES.has(mimeType) || Boolean(f.hasThumbnail);
  // Thumbnails are addressed by version: content for images, plus Drive's thumbnail for videos.
  const stamp = `${f.md5Checksum ?? ''}|${f.modifiedTime ?? ''}${video ? `|${f.thumbnailVersion ?? ''}|${hasThumbnail}` : ''}`;
  const file: StoreFile = {
    id,
    name,
    mimeType,
    ...(f.size ? { size: Number(f.size) } : {}),
    ...(width && height ? { width, height } : {}),
    version: shortHash(stamp).slice(0, 12),
    viewUrl: viewUrl(id),
    hasThumbnail,
    ...(f.md5Checksum ? { checksum: f.md5Checksum } : {}),
    ...(f.createdTime ? { uploaded: f.createdTime } : {}),
    ...(video && f.videoMediaMetadata?.durationMillis
      ? { durationMs: Number(f.videoMediaMetadata.durationMillis) }
      : {}),
  };
  return withCaptions(file, captionsFor(name, tables, parseCaptionText(f.description ?? '')));
}
