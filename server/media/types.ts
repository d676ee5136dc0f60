import type { Readable } from 'node:stream';
import { answerText, type ErrorAnswer } from '../errors.ts';

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
  /** What the file shows, in words (Drive: its description; local: a sidecar; either: `captions.yaml`). */
  readonly caption?: string;
  /** Its captions in further languages, by language code (`captions.es.yaml`, an `es:` line); absent when none. */
  readonly captions?: Readonly<Record<string, string>>;
  /** Drive: the file's page in Google Drive. */
  readonly viewUrl?: string;
  /**
   * Whether `thumbnailSource` can give bytes (an image, or a video with a poster or Drive thumbnail).
   * When absent: assumed for images and videos alike (a failing thumbnail answers 404).
   */
  readonly hasThumbnail?: boolean;
  /** When the file came into the store (ISO 8601): Drive's createdTime, a local file's modification time. */
  readonly uploaded?: string;
  /** A video's length in milliseconds when the store knows it (Drive's video metadata). */
  readonly durationMs?: number;
  /** The content's checksum when the store keeps one (Drive: md5Checksum); local files have none. */
  readonly checksum?: string;
}

/** A file of a folder that is not a media item (a .psd, a PDF, a Google Doc): no visitor sees it. */
export interface OtherFile {
  readonly name: string;
  readonly mimeType?: string;
  readonly size?: number;
}

/** Everything in a folder: its media files (what `listFolder` gives) and the files no gallery shows. */
export interface FolderContents {
  readonly files: StoreFile[];
  /** Files that are not media (posters, caption sidecars, hidden files and sub-folders left out). */
  readonly others: OtherFile[];
}

/** The storage the store sits on: Drive's quota for the site's account, or the local disk. */
export type StorageUse =
  | { readonly kind: 'drive'; readonly usage?: number; readonly limit?: number }
  | { readonly kind: 'local'; readonly free: number; readonly total: number };

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

/**
 * Raised by stores and the data layer. `code` says what kind of failure it is; a refusal visitors
 * read (a folder or file that does not exist, a malformed path, no storage left) is built from its
 * catalogue answer, which the error middleware answers with (`toAnswer`); any other is answered by
 * its code (`upstream`: 503 or, with status 502, 502; `quota`: 503 busy).
 */
export class StoreError extends Error {
  /** The catalogue answer visitors get, when the store named one. */
  readonly answer?: ErrorAnswer;

  constructor(
    readonly code: 'not-found' | 'upstream' | 'quota' | 'invalid',
    /** The answer visitors get, or a message for the log (its code decides the answer). */
    said: ErrorAnswer | string,
    readonly status?: number,
    /** For 'upstream': when asking again may work (a paused breaker, Drive's Retry-After). */
    readonly retryAfterMs?: number,
  ) {
    super(typeof said === 'string' ? said : answerText(said));
    this.name = 'StoreError';
    if (typeof said !== 'string') this.answer = said;
  }
}

/** Whether an error is a StoreError with one of these codes. */
export const isStoreCode = (error: unknown, ...codes: StoreError['code'][]): boolean =>
  error instanceof StoreError && codes.includes(error.code);

/**
 * What a store knows of its upstream without asking it (Drive's breaker and paused kinds of call):
 * /readyz and the metrics read it, so that a probe never costs an upstream call.
 */
export interface UpstreamState {
  /** The breaker for the upstream as a whole: closed, open (every call refused), half-open (probing). */
  readonly breaker: 'closed' | 'open' | 'half-open';
  /** How long the breaker still refuses every call (0 unless open). */
  readonly retryInMs: number;
  /** Kinds of call paused by a rate limit, and `token` while no access token can be had. */
  readonly paused: readonly string[];
  /** Since the start: times the breaker opened, calls it refused, probes it let through. */
  readonly stats: { readonly opened: number; readonly refused: number; readonly probes: number };
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
  /** The media files (not sub-folders) of a folder, sorted by name. */
  listFolder(folderId: string): Promise<StoreFile[]>;
  /** The same listing (one upstream call, as `listFolder`), with the files that are not media. */
  listContents(folderId: string): Promise<FolderContents>;
  /** How much storage is used and left (Drive: about.get storageQuota; local: the disk of the media). */
  storage(): Promise<StorageUse>;
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
  /** What the store knows of its upstream now, without a call; absent when there is none (the local disk). */
  upstream?(): UpstreamState;
}
