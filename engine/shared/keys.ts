import type { ApiFolderPreview, ApiMediaItem, ApiProduct, ApiSlotImages } from './api.ts';

/**
 * The data a page and the API read, by name: the type of each (what its API path answers, and what
 * the swr cache and a page's fallback hold under its key). What fetches each is the server's table
 * over the same names (server/data/fetchers.ts, FETCHERS).
 */
export interface DataTypes {
  readonly products: ApiProduct[];
  readonly slotImages: ApiSlotImages;
  /** A folder's listing. */
  readonly folder: ApiMediaItem[];
  /** An aggregate's listing: its folders' items together. */
  readonly aggregate: ApiMediaItem[];
  /** A folder's preview picture. */
  readonly folderPreview: ApiFolderPreview;
  /** One listed file as its listing shows it now. */
  readonly mediaItem: ApiMediaItem;
  /** A manifest folder path's public id (null: the store has no such folder). */
  readonly folderLookup: string | null;
}

export type DataName = keyof DataTypes;

interface DataKeyDef {
  /**
   * An API path: the key (the default fetcher GETs it) and the server's route, where `:name` stands for
   * the one argument, URL-encoded in the key. Not an API path: the prefix the argument follows as it is.
   */
  readonly path: string;
  readonly api: boolean;
}

/** The table: every data key's path, each written once here. */
export const DATA_KEYS = {
  products: { path: '/api/products', api: true },
  slotImages: { path: '/api/preview-images', api: true },
  folder: { path: '/api/drive-images/:folderId', api: true },
  aggregate: { path: '/api/drive-images-aggregated/:type', api: true },
  folderPreview: { path: '/api/drive-preview/:folderId', api: true },
  mediaItem: { path: '/api/media-item/:fileId', api: true },
  /** The error key of a manifest folder whose id the server could not look up: no API path. */
  folderLookup: { path: 'folder:', api: false },
} as const satisfies Record<DataName, DataKeyDef>;

/** The argument a key takes: one for a path with a `:name` (or a prefix), none otherwise. */
export type KeyArgs<K extends DataName> = (typeof DATA_KEYS)[K]['path'] extends `${string}:${string}`
  ? [arg: string]
  : [];

const PARAM = /:(\w*)$/;

/** The key of a data name and its argument. */
export function keyOf<K extends DataName>(name: K, ...args: KeyArgs<K>): string {
  const { path, api }: DataKeyDef = DATA_KEYS[name];
  const [arg] = args as string[];
  if (arg === undefined) return path;
  return api ? path.replace(PARAM, () => encodeURIComponent(arg)) : `${path}${arg}`;
}

/** The name of an API path's `:param` (the server's route reads it), or null without one. */
export const paramOf = (name: DataName): string | null => {
  const { path, api }: DataKeyDef = DATA_KEYS[name];
  return api ? (PARAM.exec(path)?.[1] ?? null) : null;
};

/** A data key's value among fetched data (a page's swr fallback), typed by the table. */
export const dataValue = <K extends DataName>(
  fetched: Readonly<Record<string, unknown>>,
  name: K,
  ...args: KeyArgs<K>
): DataTypes[K] | undefined => fetched[keyOf(name, ...args)] as DataTypes[K] | undefined;

/** swr keys: the API paths themselves (the default fetcher GETs the key). */
export const keys = {
  products: keyOf('products'),
  slotImages: keyOf('slotImages'),
  folder: (folderId: string): string => keyOf('folder', folderId),
  aggregate: (type: string): string => keyOf('aggregate', type),
  folderPreview: (folderId: string): string => keyOf('folderPreview', folderId),
  mediaItem: (fileId: string): string => keyOf('mediaItem', fileId),
  /** Not an API path: the error key of a manifest folder whose id the server could not look up. */
  folderLookup: (path: string): string => keyOf('folderLookup', path),
} as const;

/** A gallery's media: one folder, or the combined folders of an aggregate type. */
export type MediaSource = { readonly folderId: string } | { readonly aggregate: string };

/** The data name and argument of a gallery's items. */
export const sourceData = (source: MediaSource): ['folder' | 'aggregate', string] =>
  'folderId' in source ? ['folder', source.folderId] : ['aggregate', source.aggregate];

/** The swr key (the API path) of a gallery's items. */
export const sourceKey = (source: MediaSource): string => keyOf(...sourceData(source));

export const mediaKey = (source: MediaSource | null | undefined): string | null => (source ? sourceKey(source) : null);

/**
 * Refresh (`POST`): the server reads a gallery's listing from the store again and answers it (the
 * same JSON as the listing's own path), by the data name of the listing.
 */
export const REFRESH_PATHS = {
  folder: '/api/refresh/:folderId',
  aggregate: '/api/refresh-aggregated/:type',
} as const satisfies Record<ReturnType<typeof sourceData>[0], string>;

/** The refresh path of a gallery's items. */
export function refreshPath(source: MediaSource): string {
  const [name, arg] = sourceData(source);
  return REFRESH_PATHS[name].replace(PARAM, () => encodeURIComponent(arg));
}

/** How often the open viewer asks about a video being converted (ms). */
export const CONVERSION_POLL_MS = 4000;

/** How long data stays fresh (ms): the slot images 30 s, everything else 2 min. */
export const FRESH_MS = { default: 120_000, slotImages: 30_000 } as const;
