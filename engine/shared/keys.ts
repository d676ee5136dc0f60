/** swr keys: the API paths themselves (the default fetcher GETs the key). */
export const keys = {
  products: '/api/products',
  slotImages: '/api/preview-images',
  folder: (folderId: string): string => `/api/drive-images/${encodeURIComponent(folderId)}`,
  aggregate: (type: string): string => `/api/drive-images-aggregated/${encodeURIComponent(type)}`,
  folderPreview: (folderId: string): string => `/api/drive-preview/${encodeURIComponent(folderId)}`,
  mediaItem: (fileId: string): string => `/api/media-item/${encodeURIComponent(fileId)}`,
  /** Not an API path: the error key of a manifest folder whose id the server could not look up. */
  folderLookup: (path: string): string => `folder:${path}`,
} as const;

/** A gallery's media: one folder, or the combined folders of an aggregate type. */
export type MediaSource = { readonly folderId: string } | { readonly aggregate: string };

/** The swr key (the API path) of a gallery's items. */
export const sourceKey = (source: MediaSource): string =>
  'folderId' in source ? keys.folder(source.folderId) : keys.aggregate(source.aggregate);

export const mediaKey = (source: MediaSource | null | undefined): string | null => (source ? sourceKey(source) : null);

/** How often the open viewer asks about a video being converted (ms). */
export const CONVERSION_POLL_MS = 4000;

/** How long data stays fresh (ms): the slot images 30 s, everything else 2 min. */
export const FRESH_MS = { default: 120_000, slotImages: 30_000 } as const;
