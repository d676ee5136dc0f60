import pMap from 'p-map';
import type { Logger } from 'pino';
import { ConfigError } from '../config.ts';
import { errorAnswer } from '../errors.ts';
import { isPublicId } from './ids.ts';
import { DriveApi, type DriveFile, type RetryOptions } from './drive-api.ts';
import type { BreakerOptions } from '../resilience/breaker.ts';
import type { KeyBreakerOptions } from '../resilience/key-breakers.ts';
import { createDriveAuth, type DriveCredentials } from './drive-auth.ts';
import {
  isMediaFile,
  mimeOf,
  posterAmong,
  READABLE_IMAGES,
  sizedThumbnailLink,
  toStoreFile,
  byName,
} from './drive-files.ts';
import { driveCaptionTables, isCaptionsFile } from './drive-caption-files.ts';
import { findFolderPaths, segments } from './drive-folders.ts';
import {
  childFolderQuery,
  GET_FIELDS,
  FOLDER_LIST_FIELDS,
  FOLDER_MIME,
  folderFilesQuery,
  LIST_FIELDS,
  namedFilesQuery,
} from './drive-query.ts';
import { listSlotImages, putSlotImage, type SlotImageFolder } from './drive-slot-images.ts';
import { isPoster, isVideo, posterNames } from './mime.ts';
import {
  StoreError,
  type ByteRange,
  type FolderContents,
  type FolderRequest,
  type MediaStore,
  type OpenedFile,
  type StorageUse,
  type StoreFile,
  type UpstreamState,
} from './types.ts';

export const GOOGLE_API_ROOT = 'https://www.googleapis.com/';

export interface DriveStoreOptions extends DriveCredentials {
  /** The folder the manifest's paths start from (DRIVE_ROOT_FOLDER_ID). */
  readonly rootFolderId?: string;
  /** DRIVE_API_ROOT_URL; default Google's. */
  readonly apiRootUrl?: string;
  readonly retry?: RetryOptions;
  readonly logger?: Logger;
  /** See DriveApiOptions (defaults: 30 s for metadata calls, 30 s without bytes for downloads). */
  readonly timeoutMs?: number;
  readonly idleTimeoutMs?: number;
  /** Pauses after failures (defaults: 2 s doubling to 30 s; the wall clock). */
  readonly keyBreakers?: KeyBreakerOptions;
  /** The breaker for Drive as a whole (defaults: 5 keys in a row within 10 s; 2 s doubling to 30 s). */
  readonly breaker?: BreakerOptions;
}

/**
 * The Google Drive media store. Manifest paths are resolved by walking folder names from the root
 * (a fixed id wins); listings ask only for the fields a gallery needs; thumbnailLink is never kept,
 * it is fetched fresh whenever thumbnail bytes are asked for. No caching here: the cache layer
 * above does that.
 */
export class DriveStore implements MediaStore {
  readonly kind = 'drive' as const;
  private creating: Promise<unknown> = Promise.resolve();
  private readonly slotImageFolder: SlotImageFolder;

  constructor(
    readonly api: DriveApi,
    readonly rootFolderId: string,
  ) {
    this.slotImageFolder = {
      api,
      rootFolderId,
      childFolder: (p, n) => this.childFolder(p, n),
      create: (p) => this.createFolder(p),
    };
  }

  upstream(): UpstreamState {
    return this.api.guard.upstream();
  }

  async resolveFolder(path: string, fixedId?: string): Promise<string | null> {
    return (await this.resolveFolders([{ path, fixedId }])).get(path) ?? null;
  }

  /**
   * Fixed ids are checked first (one files.get each, in parallel); the other paths, and those whose
   * fixed id is not a folder, are found in one walk of the tree: one files.list per level.
   */
  async resolveFolders(requests: readonly FolderRequest[]): Promise<Map<string, string | null>> {
    const fixed = new Map<string, string>();
    await pMap(
      requests,
      async ({ path, fixedId }) => {
        if (fixedId && isPublicId(fixedId) && (await this.isFolder(fixedId))) fixed.set(path, fixedId);
      },
      { concurrency: 8 },
    );
    const walked = requests.map((r) => r.path).filter((p) => !fixed.has(p));
    const found = await findFolderPaths(this.api, this.rootFolderId, walked);
    return new Map(requests.map(({ path }) => [path, fixed.get(path) ?? found.get(segments(path).join('/')) ?? null]));
  }

  async listFolder(folderId: string): Promise<StoreFile[]> {
    return (await this.listContents(folderId)).files;
  }

  async listContents(folderId: string): Promise<FolderContents> {
    const about = { action: `listing folder ${folderId}`, subject: `Folder ${folderId}` };
    if (!isPublicId(folderId)) throw new StoreError('not-found', errorAnswer('NoFolder', { id: folderId }));
    const [folder, files] = await Promise.all([
      this.api.find(folderId, 'id,mimeType,trashed', about),
      this.api.list(folderFilesQuery(folderId), LIST_FIELDS, about),
    ]);
    if (folder?.mimeType !== FOLDER_MIME || folder.trashed)
      throw new StoreError('not-found', errorAnswer('NoFolder', { id: folderId }));
    const names = new Set(files.map((f) => f.name ?? ''));
    const others = files.filter(
      (f) => f.id && !f.trashed && !isMediaFile(f) && !isPoster(f.name ?? '') && !isCaptionsFile(f),
    );
    const tables = await driveCaptionTables(this.api, files, about);
    return {
      files: files
        .filter(isMediaFile)
        .map((f) => toStoreFile(f, posterAmong(f.name ?? '', names) !== undefined, tables))
        .sort(byName),
      others: others.map((f) => ({
        name: f.name ?? '',
        ...(f.mimeType ? { mimeType: f.mimeType } : {}),
        ...(f.size ? { size: Number(f.size) } : {}),
      })),
    };
  }

  /** One about.get: what the site's account has used of its Drive storage, and its limit (absent: none). */
  async storage(): Promise<StorageUse> {
    const quota = await this.api.storageQuota({ action: 'reading the storage quota', subject: 'The storage quota' });
    const bytes = (v: string | null | undefined) => (v ? { value: Number(v) } : null);
    const usage = bytes(quota?.usage);
    const limit = bytes(quota?.limit);
    return { kind: 'drive', ...(usage ? { usage: usage.value } : {}), ...(limit ? { limit: limit.value } : {}) };
  }

  /**
   * Metadata of a media file under the root folder. The routes ask this (through the cache) before
   * serving bytes, so it is where ids of files elsewhere in Drive are turned away.
   */
  async getFile(fileId: string): Promise<StoreFile> {
    const f = await this.mediaFile(fileId, GET_FIELDS);
    if (!(await this.underRoot(f))) throw new StoreError('not-found', errorAnswer('NoFile', { id: fileId }));
    const video = isVideo(f.name ?? '', mimeOf(f));
    return toStoreFile(f, video && !f.hasThumbnail && (await this.posterOf(f)) !== null);
  }

  /** One Drive call (a video seeks often); a range past the end is Drive's 416, 'invalid' here. */
  async openFile(fileId: string, range?: ByteRange): Promise<OpenedFile> {
    if (!isPublicId(fileId)) throw new StoreError('not-found', errorAnswer('NoFile', { id: fileId }));
    const got = await this.api.download(fileId, { action: `reading file ${fileId}`, subject: `File ${fileId}` }, range);
    if (got.size === undefined) {
      got.stream.destroy();
      throw new StoreError('upstream', `Google Drive did not say how large file ${fileId} is.`, 502);
    }
    return { stream: got.stream, size: got.size, mimeType: got.mimeType };
  }

  async thumbnailSource(fileId: string): Promise<Buffer | null> {
    const about = { action: `reading the thumbnail of file ${fileId}`, subject: `File ${fileId}` };
    // Not checked against the root again: routes reach this through getFile (see there).
    const f = await this.mediaFile(fileId, 'id,name,mimeType,trashed,hasThumbnail,thumbnailLink,parents');
    const mime = mimeOf(f);
    if (READABLE_IMAGES.has(mime)) return this.api.downloadBuffer(fileId, about);
    if (f.thumbnailLink) return this.api.fetchThumbnail(sizedThumbnailLink(f.thumbnailLink), about);
    const poster = isVideo(f.name ?? '', mime) ? await this.posterOf(f) : null;
    return poster ? this.api.downloadBuffer(poster, about) : null;
  }

  /** One walk of the tree for all paths (see `resolveFolders`). */
  async existingFolders(paths: readonly string[]): Promise<string[]> {
    const found = await findFolderPaths(this.api, this.rootFolderId, paths);
    return paths.filter((p) => found.has(segments(p).join('/')));
  }

  /** Creates missing folders of `path`. One creation at a time, so parallel calls make no twins. */
  createFolder(path: string): Promise<string> {
    const run = this.creating.then(() => this.createPath(path));
    this.creating = run.catch(() => undefined);
    return run;
  }

  /** Issue 5: stores a slot image in 'Site Images' with the slot in appProperties; older ones go to the trash. */
  putSlotImage(slot: string, bytes: Buffer, mimeType: string): Promise<StoreFile> {
    return putSlotImage(this.slotImageFolder, slot, bytes, mimeType);
  }

  /** Issue 5: slot -> newest image of that slot in 'Site Images'. */
  listSlotImages(): Promise<Record<string, StoreFile>> {
    return listSlotImages(this.slotImageFolder);
  }

  private async createPath(path: string): Promise<string> {
    const parts = segments(path);
    if (parts.length === 0) throw new StoreError('invalid', errorAnswer('InvalidFolderPath', { path }));
    let id = this.rootFolderId;
    for (const name of parts) {
      const about = { action: `creating folder ${name}`, subject: `Folder ${id}` };
      id = (await this.childFolder(id, name)) ?? (await this.api.createFolder(name, id, about)).id!;
    }
    return id;
  }

  /** The id of the folder `name` directly in `parentId` (the oldest, if Drive holds twins). */
  async childFolder(parentId: string, name: string): Promise<string | null> {
    const about = { action: `looking up folder ${name}`, subject: `Folder ${parentId}` };
    const found = await this.api.list(childFolderQuery(parentId, name), FOLDER_LIST_FIELDS, about, 'createdTime');
    return found[0]?.id ?? null;
  }

  /** Whether `id` is a folder (not in the trash) that the service account can see. */
  private async isFolder(id: string): Promise<boolean> {
    const f = await this.api.find(id, 'id,mimeType,trashed', {
      action: `checking folder ${id}`,
      subject: `Folder ${id}`,
    });
    return f?.mimeType === FOLDER_MIME && !f.trashed;
  }

  /** A file that is a media item (not a folder, not trashed), else not-found. */
  private async mediaFile(fileId: string, fields: string): Promise<DriveFile> {
    if (!isPublicId(fileId)) throw new StoreError('not-found', errorAnswer('NoFile', { id: fileId }));
    const f = await this.api.get(fileId, fields, { action: `reading file ${fileId}`, subject: `File ${fileId}` });
    if (f.mimeType === FOLDER_MIME || f.trashed || !isMediaFile({ ...f, trashed: false })) {
      throw new StoreError('not-found', errorAnswer('NoFile', { id: fileId }));
    }
    return f;
  }

  /** Whether a file lies in the root folder's tree (walking up its parents). */
  private async underRoot(f: DriveFile): Promise<boolean> {
    let parents = f.parents ?? [];
    for (let depth = 0; depth < 32 && parents.length > 0; depth++) {
      if (parents.includes(this.rootFolderId)) return true;
      const about = { action: `checking where file ${f.id} is`, subject: `Folder ${parents[0]}` };
      parents = (await this.api.find(parents[0]!, 'id,parents', about))?.parents ?? [];
    }
    return false;
  }

  /** The id of a video's poster file beside it (`<stem>.poster.jpg`), if any. */
  private async posterOf(f: DriveFile): Promise<string | null> {
    const parent = f.parents?.[0];
    if (!parent || !f.name) return null;
    const about = { action: `looking for the poster of ${f.name}`, subject: `Folder ${parent}` };
    const found = await this.api.list(namedFilesQuery(parent, posterNames(f.name)), 'files(id,name)', about);
    return found[0]?.id ?? null;
  }
}

/** The drive store from configuration (credentials, root folder, API root). */
export async function createDriveStore(options: DriveStoreOptions): Promise<DriveStore> {
  if (!options.rootFolderId || !isPublicId(options.rootFolderId)) {
    throw new ConfigError(
      'Drive mode needs DRIVE_ROOT_FOLDER_ID: the id of the Drive folder holding the media folders.',
    );
  }
  const auth = await createDriveAuth(options);
  const rootUrl = options.apiRootUrl ?? GOOGLE_API_ROOT;
  const api = new DriveApi({
    auth,
    rootUrl,
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.idleTimeoutMs ? { idleTimeoutMs: options.idleTimeoutMs } : {}),
    ...(options.keyBreakers ? { keyBreakers: options.keyBreakers } : {}),
    ...(options.breaker ? { breaker: options.breaker } : {}),
  });
  return new DriveStore(api, options.rootFolderId);
}
