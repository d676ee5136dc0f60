/**
 * The JSON shapes of the server's API (spec section 7), shared by the server and the site.
 * Pure types: no code.
 */
import type { Product } from '../model.ts';

/**
 * A product as `GET /api/products` returns it: the seed, with the public id of its media folder in
 * place of the folder's path (paths stay on the server).
 */
export interface ApiProduct extends Omit<Product, 'folder'> {
  /** Public (opaque) id of the product's media folder; absent when it has none or it is not resolved. */
  readonly driveFolderId?: string;
}

/** One file of a folder listing (`GET /api/drive-images/:folderId`). */
export interface ApiMediaItem {
  /** Public opaque id (same as fileId). */
  readonly id: string;
  readonly fileId: string;
  readonly name: string;
  /**
   * What the file shows, in words: its Drive description (drive mode) or its sidecar (local:
   * `<file>.txt`), else its line of the folder's `captions.yaml`. Absent: the site makes a title from the name.
   */
  readonly caption?: string;
  /**
   * Captions in further languages, by language code (`{ es: '...' }`: `captions.es.yaml`, an `es:`
   * line of the sidecar or the Drive description). Absent when there are none, so a listing without
   * them stays as small as before.
   */
  readonly captions?: Readonly<Record<string, string>>;
  /** Same-origin URL of the original file (videos stream with Range). */
  readonly url: string;
  readonly mimeType: string;
  readonly kind: 'image' | 'video';
  /** Pixel size when known, so that grids lay out without shift. */
  readonly width?: number;
  readonly height?: number;
  /** Same-origin thumbnails: 400 px square tile, 800x600 `preview` rendition, large lightbox image. */
  readonly thumbnailUrl?: string;
  readonly previewUrl?: string;
  /** Uncropped, fits 600 px (never enlarged): photo-album tiles. Optional: older servers lack it. */
  readonly mediumUrl?: string;
  readonly largeUrl?: string;
  /** The LQIP (a data URI) when the server has one. */
  readonly lqip?: string;
  /** Videos: a poster image URL when there is one. */
  readonly posterUrl?: string;
  /** Videos: true when a browser plays it inline (MP4/WebM), false for MOV, AVI, ... */
  readonly playable?: boolean;
  /** Videos: the server is making it playable (it becomes `playable` when done; ask `/api/media-item/:id`). */
  readonly converting?: boolean;
  /** Drive mode: the file's page in Google Drive (for 'Open in Google Drive'). */
  readonly viewUrl?: string;
  /** Download URL (same origin, Content-Disposition: attachment). */
  readonly downloadUrl: string;
  /** When the file came into the store (ISO 8601), when known. */
  readonly uploaded?: string;
  /** Videos: the length in seconds, when the store knows it. */
  readonly duration?: number;
}

/** `GET /api/preview-images` (the spec's name for slot images): slot id (or product id) -> slot image. */
export type ApiSlotImages = Readonly<Record<string, { readonly imageUrl: string; readonly url: string }>>;

/** `GET /api/drive-preview/:folderId` (the spec's folder preview lookup): a folder's cover. */
export interface ApiFolderPreview {
  readonly previewUrl: string | null;
}

/** Every non-2xx answer of the API. */
export interface ApiError {
  readonly error: string;
}

/** `POST /api/upload-preview-image`: a new slot image. */
export interface ApiUploadResult {
  readonly imageUrl: string;
}

/** `POST /api/scan-drive-folders`. */
export interface ApiScanResult {
  readonly foundFolders: readonly string[];
}
