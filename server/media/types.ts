import type { Readable } from 'node:stream';

/** A file in a media folder, as a store sees it. Ids are public and opaque (`^[A-Za-z0-9_-]{1,128}$`). */
export interface StoreFile {
  readonly id: string;
  readonly name: string;
  readonly mimeType: string;
  readonly size?: number;
  readonly width?: number;
  readonly height?: number;
  /** Content fingerprint (md5 or mtime+size) for content-addressed thumbnail URLs. */
  readonly version: string;
  /** Drive: the file's page in Google Drive. */
  readonly viewUrl?: string;
  /**
   * Whether `thumbnailSource` can give bytes (an image, or a video with a poster or Drive thumbnail).
   * When absent: assumed for images and videos alike (a failing thumbnail answers 404).
   */
  readonly hasThumbnail?: boolean;
}

export interface ByteRange {
  readonly start: number;
  /** Inclusive. */
  readonly end: number;
}

export interface OpenedFile {
  readonly stream: Readable;
  /** Size of the whole file in bytes (not of the range). */
  readonly size: number;
  readonly mimeType: string;
}

/** Raised by stores; the API turns it into 404 / 502 JSON. */
export class StoreError extends Error {
  constructor(
    readonly code: 'not-found' | 'upstream' | 'quota' | 'invalid',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** A manifest folder path to resolve, with the fixed folder id the manifest gives it, if any. */
export interface FolderRequest {
  readonly path: string;
  readonly fixedId?: string | undefined;
}

/**
 * One interface, two adapters (local directory tree, Google Drive). Folder paths are the manifest's
 * ('Aluminum Pergolas/Fixed Roof/Attached to Structure/Images'); ids are opaque. The cache layer sits
 * above this interface: stores do no caching of their own.
 */
export interface MediaStore {
  readonly kind: 'local' | 'drive';
  /** The public id of a folder path (walking from the root; a fixed id wins), or null when missing. */
  resolveFolder(path: string, fixedId?: string): Promise<string | null>;
  /**
   * Many paths at once, as `resolveFolder` would resolve each (a valid fixed id wins), but with as few
   * upstream calls as the store can (Drive: one listing per level of the tree, not a walk per path).
   * The map has an entry for every requested path.
   */
  resolveFolders(requests: readonly FolderRequest[]): Promise<Map<string, string | null>>;
  /** The files (not sub-folders) of a folder, sorted by name. */
  listFolder(folderId: string): Promise<StoreFile[]>;
  /** Metadata of one file. */
  getFile(fileId: string): Promise<StoreFile>;
  /** The bytes of a file, whole or a range. */
  openFile(fileId: string, range?: ByteRange): Promise<OpenedFile>;
  /**
   * Bytes to make thumbnails from: the image itself, or for videos a poster (local: a sibling
   * `<name>.poster.jpg`; Drive: a fresh fetch of thumbnailLink). Null when there is none.
   */
  thumbnailSource(fileId: string): Promise<Buffer | null>;
  /** Folder paths of `paths` that exist (folder setup scan). */
  existingFolders(paths: readonly string[]): Promise<string[]>;
  /** Creates the folder path (and missing parents); returns its id. */
  createFolder(path: string): Promise<string>;
}
