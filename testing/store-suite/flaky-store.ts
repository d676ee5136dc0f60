import { StoreError, type ByteRange, type FolderRequest, type MediaStore } from '../../server/media/types.ts';

/**
 * A test upstream around a real store: counts folder listings and, when `failing` is set, fails
 * every call as an unreachable upstream would (the Drive tests use the fake Drive's own faults).
 */
export class FlakyStore implements MediaStore {
  failing = false;
  listCalls = 0;

  constructor(private readonly inner: MediaStore) {}

  get kind() {
    return this.inner.kind;
  }

  private gate(): void {
    if (this.failing) throw new StoreError('upstream', 'The store is unreachable (test fault).', 503);
  }

  async resolveFolder(path: string, fixedId?: string) {
    this.gate();
    return this.inner.resolveFolder(path, fixedId);
  }
  async resolveFolders(requests: readonly FolderRequest[]) {
    this.gate();
    return this.inner.resolveFolders(requests);
  }
  async listFolder(folderId: string) {
    this.listCalls++;
    this.gate();
    return this.inner.listFolder(folderId);
  }
  async listContents(folderId: string) {
    this.listCalls++;
    this.gate();
    return this.inner.listContents(folderId);
  }
  async storage() {
    this.gate();
    return this.inner.storage();
  }
  async getFile(fileId: string) {
    this.gate();
    return this.inner.getFile(fileId);
  }
  async openFile(fileId: string, range?: ByteRange) {
    this.gate();
    return this.inner.openFile(fileId, range);
  }
  async thumbnailSource(fileId: string) {
    this.gate();
    return this.inner.thumbnailSource(fileId);
  }
  async existingFolders(paths: readonly string[]) {
    this.gate();
    return this.inner.existingFolders(paths);
  }
  async createFolder(path: string) {
    this.gate();
    return this.inner.createFolder(path);
  }
}
