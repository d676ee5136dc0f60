import type { DriveApi, DriveFile } from './drive-api.ts';
import { toStoreFile } from './drive-files.ts';
import { SITE_IMAGE_FIELDS, SITE_IMAGE_LIST_FIELDS, folderFilesQuery, slotFilesQuery } from './drive-query.ts';
import type { StoreFile } from './types.ts';

/** The Drive folder (under the root) holding the images staff upload for slots. */
export const SITE_IMAGES_FOLDER = 'Site Images';

export interface SlotImageFolder {
  readonly api: DriveApi;
  readonly rootFolderId: string;
  readonly childFolder: (parentId: string, name: string) => Promise<string | null>;
  readonly create: (path: string) => Promise<string>;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/gif': '.gif',
};

const newestFirst = (a: DriveFile, b: DriveFile): number =>
  (b.createdTime ?? '').localeCompare(a.createdTime ?? '') || (b.id ?? '').localeCompare(a.id ?? '');

/**
 * Stores a slot image: a multipart upload into 'Site Images' (created when missing) with
 * `appProperties.slot`, then the slot's older images go to the trash (best effort: the newest
 * wins when listing anyway). Drive's storageQuotaExceeded (a folder outside a Shared Drive)
 * becomes StoreError('quota') with what staff must do.
 */
export async function putSlotImage(
  folder: SlotImageFolder,
  slot: string,
  bytes: Buffer,
  mimeType: string,
): Promise<StoreFile> {
  const folderId = await folder.create(SITE_IMAGES_FOLDER);
  const about = { action: `storing the image of slot ${slot}`, subject: `Folder ${folderId}` };
  const metadata = { name: `${slot}${EXTENSIONS[mimeType] ?? ''}`, parents: [folderId], appProperties: { slot } };
  const created = await folder.api.upload(metadata, bytes, mimeType, SITE_IMAGE_FIELDS, about);
  const same = await folder.api
    .list(slotFilesQuery(folderId, slot), 'nextPageToken,files(id,createdTime)', about)
    .catch(() => []);
  const older = same.filter((f) => f.id !== created.id && newestFirst(f, created) > 0);
  await Promise.all(older.map((f) => folder.api.update(f.id!, { trashed: true }, about).catch(() => undefined)));
  return toStoreFile(created);
}

/** Slot -> its newest image in 'Site Images'; empty when the folder does not exist yet. */
export async function listSlotImages(folder: SlotImageFolder): Promise<Record<string, StoreFile>> {
  const folderId = await folder.childFolder(folder.rootFolderId, SITE_IMAGES_FOLDER);
  if (folderId === null) return {};
  const about = { action: 'listing the slot images', subject: `Folder ${folderId}` };
  const files = await folder.api.list(folderFilesQuery(folderId), SITE_IMAGE_LIST_FIELDS, about, 'createdTime desc');
  const bySlot: Record<string, StoreFile> = {};
  for (const f of files.sort(newestFirst)) {
    const slot = f.appProperties?.['slot'];
    if (slot && !(slot in bySlot) && f.mimeType?.startsWith('image/')) bySlot[slot] = toStoreFile(f);
  }
  return bySlot;
}
