/** The records the fake Drive keeps: a small subset of Drive v3's file resource, in memory. */

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

export interface FakeFile {
  readonly id: string;
  name: string;
  mimeType: string;
  /** What the file shows, as staff wrote it in Drive's details pane (absent: none). */
  description?: string;
  parents: string[];
  /** Set when the file lives on a shared drive (then invisible without supportsAllDrives). */
  driveId?: string;
  trashed: boolean;
  createdTime: string;
  modifiedTime: string;
  appProperties: Record<string, string>;
  properties: Record<string, string>;
  content?: Buffer;
  md5Checksum?: string;
  width?: number;
  height?: number;
  durationMillis?: number;
  /** Bytes Drive would make thumbnails from (image content, or a video's poster). */
  thumbnail?: Buffer;
}

export interface SharedDrive {
  readonly id: string;
  readonly name: string;
}

/** The operations the fake counts, slows down and fails on demand. */
export const OPERATIONS = [
  'files.list',
  'files.get',
  'files.get.media',
  'files.create',
  'files.update',
  'thumbnail',
  'token',
  'about.get',
] as const;
export type Operation = (typeof OPERATIONS)[number];
