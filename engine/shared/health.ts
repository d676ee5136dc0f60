/**
 * Folder health: what staff need to know about the media folders the manifest declares, decided
 * here once from the folders' listings (the server gathers them; the staff page shows the result).
 * Pure: no I/O.
 */
import type { Catalogue } from '../index.ts';
import { pageFolders } from './shown-folders.ts';
import type { HealthProblemCode } from '../texts.ts';

const MB = 1024 * 1024;
/** Photos larger than this are slow on phones (a 12 MP phone JPEG is 3-5 MB). */
export const MAX_PHOTO_BYTES = 20 * MB;
/** Videos larger than this are too heavy for phones on mobile data. */
export const MAX_VIDEO_BYTES = 200 * MB;
/** Files named per problem on the page; the rest are counted. */
export const LISTED_FILES = 20;
/** Google Drive API's default quota: queries per minute per project. */
export const DRIVE_QUERIES_PER_MINUTE = 12_000;

/** What a folder is meant to hold: photos, videos or either (by the galleries that show it, or its name). */
export type FolderExpects = 'images' | 'videos' | 'any';

export interface FolderRole {
  readonly path: string;
  readonly name: string;
  readonly depth: number;
  readonly expects: FolderExpects;
  /**
   * Some page (as its gallery or its product's folder, or in a gallery dialog of a section or of a
   * card: pageFolders), product or aggregate shows the folder's files.
   */
  readonly shown: boolean;
  /** No folder of the checklist is inside it (it holds media, not folders). */
  readonly leaf: boolean;
}

const IMAGE_NAME = /^(images?|photos?|pictures?)$/i;
const VIDEO_NAME = /^videos?$/i;

/** Every checklist folder with what it is for, in the checklist's order. */
export function folderRoles(catalogue: Catalogue): FolderRole[] {
  const parents = new Set(catalogue.folders.map((f) => f.parent).filter((p): p is string => p !== undefined));
  const shown = new Set<string>();
  const galleryMedia = new Map<string, Set<string>>();
  for (const page of catalogue.pages)
    for (const { path, by, media } of pageFolders(page)) {
      shown.add(path);
      if (by === 'gallery' && media !== undefined)
        galleryMedia.set(path, (galleryMedia.get(path) ?? new Set()).add(media));
    }
  for (const p of catalogue.products) if (p.folder !== undefined) shown.add(p.folder);
  for (const paths of Object.values(catalogue.aggregates)) for (const p of paths) shown.add(p);

  return catalogue.folders.map(({ path, name, depth }) => {
    const media = galleryMedia.get(path);
    const byGallery = media?.size === 1 ? ([...media][0] as FolderExpects) : media ? 'any' : null;
    const byName = IMAGE_NAME.test(name) ? 'images' : VIDEO_NAME.test(name) ? 'videos' : 'any';
    return { path, name, depth, expects: byGallery ?? byName, shown: shown.has(path), leaf: !parents.has(path) };
  });
}

/** One media file as the health check sees it (from the cached listing, after conversions). */
export interface HealthFile {
  readonly name: string;
  readonly size?: number;
  /** Same checksum, same content (Drive's md5; a hash of the bytes in local mode). */
  readonly checksum?: string;
  readonly video: boolean;
  /** Photos: the site has no picture of it to show (a type neither the server nor Drive can render). */
  readonly unseen?: boolean;
  /** Videos: plays in a browser now, is being converted, or could not be converted. */
  readonly playable?: 'yes' | 'converting' | 'failed';
  /** Videos: has a tile picture (a poster file, Drive's thumbnail, or a frame the server took). */
  readonly poster?: boolean;
}

export interface HealthFolderInput {
  readonly path: string;
  /** listed: read (now or from the cache); missing: no such folder; unreadable: failed, nothing cached; pending: not read yet. */
  readonly state: 'listed' | 'missing' | 'unreadable' | 'pending';
  /** When the listing was read from the store (ms since the epoch). */
  readonly listedAt?: number;
  readonly files: readonly HealthFile[];
  /** Files that are not media (no visitor sees them). */
  readonly others: readonly { readonly name: string; readonly size?: number }[];
}

export interface HealthFileRef {
  readonly name: string;
  readonly size?: number;
  /** Duplicates: where the same content is too ('<folder path>/<file name>'). */
  readonly sameAs?: string;
}

export interface HealthProblem {
  readonly code: HealthProblemCode;
  /** How many files it is about (0 for a problem of the folder itself). */
  readonly count: number;
  /** The first LISTED_FILES of them. */
  readonly files: readonly HealthFileRef[];
}

export interface FolderHealth {
  readonly path: string;
  readonly name: string;
  readonly depth: number;
  readonly state: HealthFolderInput['state'];
  readonly listedAt?: number;
  readonly photos: number;
  readonly videos: number;
  /** Bytes of every file in it. */
  readonly bytes: number;
  readonly problems: readonly HealthProblem[];
}

/** `GET /api/folder-health`. */
export interface FolderHealthReport {
  readonly store: 'local' | 'drive';
  /** Ms since the epoch. */
  readonly checkedAt: number;
  /** The store failed while this report was made: what is shown is what was cached. */
  readonly storeDown: string | null;
  /** Drive: the account's quota (usage, and limit when it has one); local: the disk. Null when unknown. */
  readonly storage:
    | { readonly kind: 'drive'; readonly usage?: number; readonly limit?: number }
    | { readonly kind: 'local'; readonly free: number; readonly total: number }
    | null;
  /** Bytes in the catalogue's folders. */
  readonly mediaBytes: number;
  /** Drive: the calls one read of every catalogue folder with a cold cache costs, and the per-minute quota. */
  readonly coldCalls: { readonly calls: number; readonly perMinute: number } | null;
  readonly folders: readonly FolderHealth[];
}

const problem = (code: HealthProblemCode, files: readonly HealthFileRef[] = []): HealthProblem => ({
  code,
  count: files.length,
  files: files.slice(0, LISTED_FILES),
});

const ref = (f: { name: string; size?: number }): HealthFileRef =>
  f.size === undefined ? { name: f.name } : { name: f.name, size: f.size };

/** The problems of every folder; duplicates are looked for across all of them. */
export function diagnose(roles: readonly FolderRole[], inputs: readonly HealthFolderInput[]): FolderHealth[] {
  const byPath = new Map(inputs.map((i) => [i.path, i]));
  // checksum -> where it is
  const copies = new Map<string, string[]>();
  for (const input of inputs)
    for (const f of input.files)
      if (f.checksum) copies.set(f.checksum, [...(copies.get(f.checksum) ?? []), `${input.path}/${f.name}`]);

  return roles.map((role): FolderHealth => {
    const input = byPath.get(role.path) ?? { path: role.path, state: 'pending', files: [], others: [] };
    const { files, others } = input;
    const videos = files.filter((f) => f.video);
    const photos = files.filter((f) => !f.video);
    const problems: HealthProblem[] = [];
    const add = (code: HealthProblemCode, list: readonly HealthFileRef[]): void => {
      if (list.length > 0) problems.push(problem(code, list));
    };
    if (input.state !== 'listed') {
      problems.push(problem(input.state));
    } else if (files.length === 0 && others.length === 0) {
      // A folder that only holds folders is what it should be.
      if (role.leaf) problems.push(problem('empty'));
    } else if (!role.shown) {
      add('inParent', [...files, ...others].map(ref));
    }
    if (input.state === 'listed') {
      add('unsupported', [...photos.filter((f) => f.unseen), ...others].map(ref));
      add('converting', videos.filter((v) => v.playable === 'converting').map(ref));
      add('conversionFailed', videos.filter((v) => v.playable === 'failed').map(ref));
      add('bigPhoto', photos.filter((f) => (f.size ?? 0) > MAX_PHOTO_BYTES).map(ref));
      add('bigVideo', videos.filter((f) => (f.size ?? 0) > MAX_VIDEO_BYTES).map(ref));
      add('noPoster', videos.filter((v) => v.poster === false).map(ref));
      add(
        'duplicate',
        files.flatMap((f) => {
          const self = `${role.path}/${f.name}`;
          const other = f.checksum ? copies.get(f.checksum)?.find((p) => p !== self) : undefined;
          return other ? [{ ...ref(f), sameAs: other }] : [];
        }),
      );
      if (role.shown && role.expects === 'images') add('videoInPhotos', videos.map(ref));
      if (role.shown && role.expects === 'videos') add('photoInVideos', photos.map(ref));
    }
    const bytes = [...files, ...others].reduce((sum, f) => sum + (f.size ?? 0), 0);
    return {
      path: role.path,
      name: role.name,
      depth: role.depth,
      state: input.state,
      ...(input.listedAt === undefined ? {} : { listedAt: input.listedAt }),
      photos: photos.length,
      videos: videos.length,
      bytes,
      problems,
    };
  });
}

/** A byte count for people: '840 KB', '12.5 MB', '3.1 GB'. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} ${units[0]}` : `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
