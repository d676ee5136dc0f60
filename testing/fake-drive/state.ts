import { createHash, createHmac, randomBytes } from 'node:crypto';
import { FOLDER_MIME, type FakeFile, type SharedDrive } from './model.ts';

export interface NewFile {
  name: string;
  mimeType: string;
  description?: string;
  parents?: string[];
  content?: Buffer;
  appProperties?: Record<string, string>;
  properties?: Record<string, string>;
  width?: number;
  height?: number;
  durationMillis?: number;
  thumbnail?: Buffer;
}

/** Drive ids: 33 characters of [A-Za-z0-9_-], like real ones. */
export function newDriveId(): string {
  return `1${randomBytes(24).toString('base64url')}`;
}

/**
 * The fake's files and shared drives. Pure bookkeeping: no HTTP, no permission checks beyond shared
 * drive visibility, which callers ask for with `visible()`.
 */
export class FakeDriveState {
  readonly files = new Map<string, FakeFile>();
  readonly drives = new Map<string, SharedDrive>();
  private readonly secret = randomBytes(32);

  constructor(readonly now: () => number = Date.now) {}

  /** A shared drive; its root folder has the drive's id, as on Drive. */
  addSharedDrive(name: string): string {
    const id = `0A${randomBytes(15).toString('base64url')}`;
    this.drives.set(id, { id, name });
    const stamp = new Date(this.now()).toISOString();
    this.files.set(id, {
      id,
      name,
      mimeType: FOLDER_MIME,
      parents: [],
      driveId: id,
      trashed: false,
      createdTime: stamp,
      modifiedTime: stamp,
      appProperties: {},
      properties: {},
    });
    return id;
  }

  addFolder(name: string, parentId?: string): FakeFile {
    return this.addFile({ name, mimeType: FOLDER_MIME, parents: parentId ? [parentId] : [] });
  }

  /** Adds a file or folder; a parent that is on a shared drive puts the new file on it too. */
  addFile(input: NewFile): FakeFile {
    const parents = input.parents ?? [];
    const parent = parents[0] === undefined ? undefined : this.files.get(parents[0]);
    if (parents[0] !== undefined && !parent) throw new Error(`unknown parent ${parents[0]}`);
    const stamp = new Date(this.now()).toISOString();
    const file: FakeFile = {
      id: newDriveId(),
      name: input.name,
      mimeType: input.mimeType,
      parents: [...parents],
      trashed: false,
      createdTime: stamp,
      modifiedTime: stamp,
      appProperties: { ...input.appProperties },
      properties: { ...input.properties },
    };
    if (input.description !== undefined) file.description = input.description;
    if (parent?.driveId) file.driveId = parent.driveId;
    if (input.content) {
      file.content = input.content;
      file.md5Checksum = createHash('md5').update(input.content).digest('hex');
    }
    if (input.width !== undefined) file.width = input.width;
    if (input.height !== undefined) file.height = input.height;
    if (input.durationMillis !== undefined) file.durationMillis = input.durationMillis;
    const thumbnail = input.thumbnail ?? (input.mimeType.startsWith('image/') ? input.content : undefined);
    if (thumbnail) file.thumbnail = thumbnail;
    this.files.set(file.id, file);
    return file;
  }

  /** Replaces a file's bytes (new md5 and modifiedTime), as an upload of a new revision would. */
  setContent(id: string, content: Buffer): void {
    const file = this.files.get(id);
    if (!file) throw new Error(`unknown file ${id}`);
    file.content = content;
    file.md5Checksum = createHash('md5').update(content).digest('hex');
    file.modifiedTime = new Date(this.now()).toISOString();
    if (file.mimeType.startsWith('image/')) file.thumbnail = content;
  }

  /** Shared-drive items exist for a caller only when it says it supports all drives. */
  visible(file: FakeFile, supportsAllDrives: boolean): boolean {
    return file.driveId === undefined || supportsAllDrives;
  }

  /** The folder path of names from a top-level folder down to `id` (for tests and logs). */
  pathOf(id: string): string {
    const names: string[] = [];
    for (let f = this.files.get(id); f; f = f.parents[0] ? this.files.get(f.parents[0]) : undefined) {
      names.unshift(f.name);
    }
    return names.join('/');
  }

  /** The id of the folder at `path` (names separated by '/') under `rootId`, or undefined. */
  findPath(rootId: string, path: string): string | undefined {
    let current = rootId;
    for (const name of path.split('/').filter(Boolean)) {
      const next = [...this.files.values()].find(
        (f) => !f.trashed && f.name === name && f.parents.includes(current) && f.mimeType === FOLDER_MIME,
      );
      if (!next) return undefined;
      current = next.id;
    }
    return current;
  }

  /** A thumbnail token: the file id and an expiry, signed so that it cannot be forged or extended. */
  signThumbnail(fileId: string, ttlMs: number): string {
    const expires = this.now() + ttlMs;
    return `${fileId}.${expires}.${this.mac(`${fileId}.${expires}`)}`;
  }

  /** The file id of a valid, unexpired thumbnail token, else null. */
  checkThumbnail(token: string): string | null {
    const [fileId, expires, mac] = token.split('.');
    if (!fileId || !expires || !mac || this.mac(`${fileId}.${expires}`) !== mac) return null;
    return Number(expires) > this.now() ? fileId : null;
  }

  private mac(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url').slice(0, 22);
  }
}
