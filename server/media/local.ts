import { createReadStream, type Stats } from 'node:fs';
import { lstat, mkdir, readdir, readFile, statfs } from 'node:fs/promises';
import { join } from 'node:path';
import pLimit from 'p-limit';
import pMap from 'p-map';
import sharp from 'sharp';
import { shortHash } from './ids.ts';
import { withCaptions } from './caption-text.ts';
import { isCaptionFile, localCaptions } from './local-captions.ts';
import { isMediaName, LocalIndex, safeRelPath } from './local-index.ts';
import { isPoster, isVideo, mimeTypeOf, posterNames } from './mime.ts';
import {
  StoreError,
  type ByteRange,
  type FolderContents,
  type FolderRequest,
  type OtherFile,
  type MediaStore,
  type OpenedFile,
  type StorageUse,
  type StoreFile,
} from './types.ts';
import { errorAnswer } from '../errors.ts';

export interface LocalStoreOptions {
  /** The data directory; media live under `<dataDir>/media/<manifest folder path>`. */
  readonly dataDir: string;
  readonly clock?: () => number;
}

interface Dimensions {
  readonly width?: number;
  readonly height?: number;
}

const isMissing = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ['ENOENT', 'ENOTDIR'].includes((error as { code?: string }).code ?? '');

/** Image headers read at once while describing files. */
const HEADER_READS = 8;

const nameOf = (rel: string): string => rel.slice(rel.lastIndexOf('/') + 1);
const byName = (a: StoreFile, b: StoreFile): number =>
  a.name.localeCompare(b.name, 'en', { numeric: true }) || (a.name < b.name ? -1 : 1);

/**
 * The embedded store: a directory tree mirroring the Drive folder paths. Public ids are hashes kept
 * in an index built by walking the tree; a URL id is never turned into a path.
 */
export class LocalStore implements MediaStore {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly index: LocalIndex;
  // Pixel sizes by path and version: reading headers again for an unchanged file is wasted work.
  private readonly sizes = new Map<string, Dimensions>();
  private readonly headers = pLimit(HEADER_READS);

  constructor(options: LocalStoreOptions) {
    this.root = join(options.dataDir, 'media');
    this.index = new LocalIndex(this.root, options.clock);
  }

  async resolveFolder(path: string, fixedId?: string): Promise<string | null> {
    if (fixedId) {
      const fixed = await this.index.lookup(fixedId);
      if (fixed?.type === 'folder') return fixedId;
    }
    const rel = safeRelPath(path);
    if (rel === null) return null;
    const stats = await lstat(this.index.abs(rel)).catch(() => null);
    return stats?.isDirectory() ? this.index.add('folder', rel) : null;
  }

  /**
   * One stat per path: nothing to batch on a local disk. A few at a time: a catalogue's 20,000 folders
   * stated at once would hold the thread that answers requests for a second.
   */
  async resolveFolders(requests: readonly FolderRequest[]): Promise<Map<string, string | null>> {
    const ids = await pMap(requests, (r) => this.resolveFolder(r.path, r.fixedId), { concurrency: 16 });
    return new Map(requests.map((r, i) => [r.path, ids[i] ?? null]));
  }

  async listFolder(folderId: string): Promise<StoreFile[]> {
    return (await this.listContents(folderId)).files;
  }

  async listContents(folderId: string): Promise<FolderContents> {
    const rel = await this.entry(folderId, 'folder');
    const dir = this.index.abs(rel);
    const names = await readdir(dir).catch((error: unknown) => {
      if (isMissing(error)) {
        this.index.remove(folderId);
        throw new StoreError('not-found', errorAnswer('NoFolder', { id: folderId }));
      }
      throw error;
    });
    const mediaNames = names.filter(isMediaName);
    const posters = new Set(names);
    const files = await Promise.all(
      mediaNames.map(async (name) => {
        const fileRel = `${rel}/${name}`;
        const stats = await lstat(join(dir, name)).catch(() => null);
        if (!stats?.isFile()) return null;
        return this.describe(this.index.add('file', fileRel), fileRel, stats, posters);
      }),
    );
    const captions = await localCaptions(dir, names, mediaNames);
    const media = new Set(mediaNames);
    // What the galleries leave out on purpose is not "other": posters, caption files, hidden files.
    const otherNames = names.filter(
      (n) => !media.has(n) && !n.startsWith('.') && !isPoster(n) && !isCaptionFile(n, media),
    );
    const others = await Promise.all(
      otherNames.map(async (name): Promise<OtherFile | null> => {
        const stats = await lstat(join(dir, name)).catch(() => null);
        return stats?.isFile() ? { name, size: stats.size } : null;
      }),
    );
    return {
      files: files
        .filter((f): f is StoreFile => f !== null)
        .map((f) => {
          const found = captions.get(f.name);
          return found ? withCaptions(f, found) : f;
        })
        .sort(byName),
      others: others.filter((o): o is OtherFile => o !== null).sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  /** The disk the media directory is on. */
  async storage(): Promise<StorageUse> {
    await mkdir(this.root, { recursive: true });
    const fs = await statfs(this.root);
    return { kind: 'local', free: fs.bavail * fs.bsize, total: fs.blocks * fs.bsize };
  }

  async getFile(fileId: string): Promise<StoreFile> {
    const rel = await this.entry(fileId, 'file');
    return this.describe(fileId, rel, await this.stat(fileId, rel));
  }

  async openFile(fileId: string, range?: ByteRange): Promise<OpenedFile> {
    const rel = await this.entry(fileId, 'file');
    const stats = await this.stat(fileId, rel);
    const stream = createReadStream(this.index.abs(rel), range ? { start: range.start, end: range.end } : {});
    return { stream, size: stats.size, mimeType: mimeTypeOf(rel) ?? 'application/octet-stream' };
  }

  async thumbnailSource(fileId: string): Promise<Buffer | null> {
    const rel = await this.entry(fileId, 'file');
    const mimeType = mimeTypeOf(rel) ?? '';
    // A file removed since it was listed is gone, not a server fault.
    const read = (path: string) =>
      readFile(this.index.abs(path)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
        throw this.gone(fileId);
      });
    if (!isVideo(rel, mimeType)) return read(rel);
    const poster = await this.posterOf(rel);
    return poster === null ? null : read(poster);
  }

  async existingFolders(paths: readonly string[]): Promise<string[]> {
    const found = await Promise.all(paths.map(async (p) => ((await this.resolveFolder(p)) === null ? null : p)));
    return found.filter((p): p is string => p !== null);
  }

  async createFolder(path: string): Promise<string> {
    const rel = safeRelPath(path);
    if (rel === null) throw new StoreError('invalid', errorAnswer('InvalidFolderPath', { path }));
    await mkdir(this.index.abs(rel), { recursive: true });
    return this.index.add('folder', rel);
  }

  private async entry(id: string, type: 'folder' | 'file'): Promise<string> {
    const found = await this.index.lookup(id);
    if (found?.type !== type) throw new StoreError('not-found', errorAnswer('NoEntry', { type, id }));
    return found.rel;
  }

  /** A file listed once and removed since: forgotten, and answered as not found. */
  private gone(id: string): StoreError {
    this.index.remove(id);
    return new StoreError('not-found', errorAnswer('NoFile', { id }));
  }

  private async stat(id: string, rel: string): Promise<Stats> {
    const stats = await lstat(this.index.abs(rel)).catch(() => null);
    if (!stats?.isFile()) throw this.gone(id);
    return stats;
  }

  private async posterOf(rel: string, siblings?: Set<string>): Promise<string | null> {
    const folder = rel.slice(0, rel.lastIndexOf('/'));
    for (const name of posterNames(nameOf(rel))) {
      const exists = siblings
        ? siblings.has(name)
        : (await lstat(this.index.abs(`${folder}/${name}`)).catch(() => null))?.isFile();
      if (exists) return `${folder}/${name}`;
    }
    return null;
  }

  private async describe(id: string, rel: string, stats: Stats, siblings?: Set<string>): Promise<StoreFile> {
    const name = nameOf(rel);
    const mimeType = mimeTypeOf(name) ?? 'application/octet-stream';
    const video = isVideo(name, mimeType);
    const poster = video ? await this.posterOf(rel, siblings) : null;
    const posterStats = poster === null ? null : await lstat(this.index.abs(poster)).catch(() => null);
    // The version addresses thumbnails, so it changes with the file and with a video's poster.
    const stamp = (s: Stats | null): string => (s ? `${s.size}:${s.mtimeMs}:${s.ino}` : '-');
    const version = shortHash(`${stamp(stats)}/${stamp(posterStats)}`).slice(0, 12);
    const dims = await this.dimensions(video ? poster : rel, version);
    const uploaded = stats.mtime.toISOString();
    return {
      id,
      name,
      mimeType,
      size: stats.size,
      version,
      uploaded,
      hasThumbnail: !video || poster !== null,
      ...dims,
    };
  }

  /** Pixel size of an image (EXIF orientation applied); a video takes its poster's. */
  private async dimensions(rel: string | null, version: string): Promise<Dimensions> {
    if (rel === null) return {};
    const key = `${rel}\u0000${version}`;
    const known = this.sizes.get(key);
    if (known) return known;
    // The header only (sharp reads no pixels for metadata), and a few files at a time: a cold listing
    // of a big folder must not read every image at once. The key holds the version, so a changed
    // file is read again.
    const meta = await this.headers(() => sharp(this.index.abs(rel)).metadata()).catch(() => null);
    const dims: Dimensions = meta ? { width: meta.autoOrient.width, height: meta.autoOrient.height } : {};
    if (this.sizes.size > 10_000) this.sizes.clear();
    this.sizes.set(key, dims);
    return dims;
  }
}
