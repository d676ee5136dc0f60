import { FOLDER_MIME, type FakeFile } from './model.ts';

export interface ResourceContext {
  /** A fresh, short-lived thumbnail link pointing back at the fake. */
  readonly thumbnailLink: (fileId: string) => string;
}

/** The full Drive v3 file resource of a file; partial responses are projected from it. */
export function fileResource(f: FakeFile, ctx: ResourceContext): Record<string, unknown> {
  const isFolder = f.mimeType === FOLDER_MIME;
  const ext = isFolder ? undefined : /\.([^.]+)$/.exec(f.name)?.[1];
  const size = f.content?.length;
  const nonEmpty = (m: Record<string, string>): Record<string, string> | undefined =>
    Object.keys(m).length ? { ...m } : undefined;
  const dims = f.width !== undefined && f.height !== undefined;
  return {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    description: f.description,
    starred: false,
    trashed: f.trashed,
    explicitlyTrashed: f.trashed,
    parents: f.parents.length ? [...f.parents] : undefined,
    properties: nonEmpty(f.properties),
    appProperties: nonEmpty(f.appProperties),
    spaces: ['drive'],
    version: String(Date.parse(f.modifiedTime)),
    webViewLink: isFolder
      ? `https://drive.google.com/drive/folders/${f.id}`
      : `https://drive.google.com/file/d/${f.id}/view?usp=drivesdk`,
    webContentLink: size === undefined ? undefined : `https://drive.google.com/uc?id=${f.id}&export=download`,
    iconLink: `https://drive-thirdparty.googleusercontent.com/16/type/${f.mimeType}`,
    hasThumbnail: Boolean(f.thumbnail),
    thumbnailLink: f.thumbnail ? ctx.thumbnailLink(f.id) : undefined,
    thumbnailVersion: f.thumbnail ? '1' : '0',
    createdTime: f.createdTime,
    modifiedTime: f.modifiedTime,
    originalFilename: isFolder ? undefined : f.name,
    fullFileExtension: ext,
    fileExtension: ext,
    md5Checksum: f.md5Checksum,
    // int64 fields are JSON strings on Drive.
    size: size === undefined ? undefined : String(size),
    quotaBytesUsed: String(size ?? 0),
    driveId: f.driveId,
    imageMediaMetadata:
      f.mimeType.startsWith('image/') && dims ? { width: f.width, height: f.height, rotation: 0 } : undefined,
    videoMediaMetadata:
      f.mimeType.startsWith('video/') && dims
        ? { width: f.width, height: f.height, durationMillis: String(f.durationMillis ?? 0) }
        : undefined,
    capabilities: { canDownload: !isFolder, canEdit: true, canAddChildren: isFolder, canTrash: true },
  };
}
