/** Drive v3 search terms and field selections of the adapter, in one place. */

export const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** A string literal of Drive's query language: backslash and single quote escaped. */
export const quote = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export const childFoldersQuery = (parentId: string): string =>
  `${quote(parentId)} in parents and mimeType = ${quote(FOLDER_MIME)} and trashed = false`;

export const childFolderQuery = (parentId: string, name: string): string =>
  `${childFoldersQuery(parentId)} and name = ${quote(name)}`;

/** `a or b or ...`, in parentheses when there is more than one term. */
const anyOf = (terms: readonly string[]): string => (terms.length === 1 ? terms[0]! : `(${terms.join(' or ')})`);

/**
 * The child folders of any of `parentIds`, only those named one of `names` when some are given. With
 * one parent and one name this is `childFolderQuery`.
 */
export const childFoldersOfQuery = (parentIds: readonly string[], names: readonly string[] = []): string =>
  `${anyOf(parentIds.map((id) => `${quote(id)} in parents`))} and mimeType = ${quote(FOLDER_MIME)} and trashed = false` +
  (names.length > 0 ? ` and ${anyOf(names.map((n) => `name = ${quote(n)}`))}` : '');

export const folderFilesQuery = (folderId: string): string =>
  `${quote(folderId)} in parents and mimeType != ${quote(FOLDER_MIME)} and trashed = false`;

export const namedFilesQuery = (folderId: string, names: readonly string[]): string =>
  `${folderFilesQuery(folderId)} and (${names.map((n) => `name = ${quote(n)}`).join(' or ')})`;

export const slotFilesQuery = (folderId: string, slot: string): string =>
  `${folderFilesQuery(folderId)} and appProperties has { key='slot' and value=${quote(slot)} }`;

/**
 * What a gallery needs of a file: sizes for layout, md5/modifiedTime (and the thumbnail's version,
 * for videos) for content-addressed thumbnail URLs, the upload time and a video's length (structured data). Never thumbnailLink: it is short-lived and is
 * fetched when thumbnail bytes are needed.
 */
export const FILE_FIELDS =
  'id,name,description,mimeType,size,md5Checksum,createdTime,modifiedTime,hasThumbnail,thumbnailVersion,imageMediaMetadata(width,height,rotation),videoMediaMetadata(width,height,durationMillis)';

/** One file by id: also whether it is in the trash and where it is. */
export const GET_FIELDS = `${FILE_FIELDS},trashed,parents`;
export const LIST_FIELDS = `nextPageToken,files(${FILE_FIELDS})`;
/** Slot images: the slot, and the creation time that decides which one is newest. */
export const SITE_IMAGE_FIELDS = `${FILE_FIELDS},appProperties`;
export const SITE_IMAGE_LIST_FIELDS = `nextPageToken,files(${SITE_IMAGE_FIELDS})`;
export const FOLDER_LIST_FIELDS = 'nextPageToken,files(id,name)';
/** Child folders of several parents: which parent each one is in. */
export const FOLDER_TREE_FIELDS = 'nextPageToken,files(id,name,parents)';

/** Every call names shared drives, or items on them are invisible. */
export const ALL_DRIVES = { supportsAllDrives: true } as const;
export const ALL_DRIVES_LIST = { supportsAllDrives: true, includeItemsFromAllDrives: true } as const;
