/** swr keys: the API paths themselves (the default fetcher GETs the key). */
export const keys = {
  products: '/api/products',
  previews: '/api/preview-images',
  folder: (folderId: string): string => `/api/drive-images/${encodeURIComponent(folderId)}`,
  aggregate: (type: string): string => `/api/drive-images-aggregated/${encodeURIComponent(type)}`,
  folderPreview: (folderId: string): string => `/api/drive-preview/${encodeURIComponent(folderId)}`,
} as const;

/** A gallery's media: one folder, or the combined folders of an aggregate type. */
export type MediaSource = { readonly folderId: string } | { readonly aggregate: string };

export const mediaKey = (source: MediaSource | null | undefined): string | null =>
  !source ? null : 'folderId' in source ? keys.folder(source.folderId) : keys.aggregate(source.aggregate);

/** How long data stays fresh (ms): preview images 30 s, everything else 2 min. */
export const FRESH_MS = { default: 120_000, previews: 30_000 } as const;
