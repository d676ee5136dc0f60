import pMap from 'p-map';
import { captionsFileLanguage, parseCaptionTable, type FolderCaptionTables } from './caption-text.ts';
import type { DriveApi, DriveFile } from './drive-api.ts';

/** Largest captions file read (a table of captions is a few KB; anything larger is not one). */
const MAX_CAPTIONS_FILE = 256 * 1024;

/** Whether a file of a Drive listing is one of the folder's captions files (`captions.yaml`, `captions.es.yaml`). */
export const isCaptionsFile = (f: DriveFile): boolean => captionsFileLanguage(f.name ?? '') !== null;

/**
 * The captions tables of a Drive folder, from the captions files of its listing: one download each,
 * only in folders that have them. A file that cannot be read (or is too large, or does not parse)
 * captions nothing: captions never stop a listing.
 */
export async function driveCaptionTables(
  api: DriveApi,
  files: readonly DriveFile[],
  about: { readonly action: string; readonly subject: string },
): Promise<FolderCaptionTables> {
  const found = files.filter((f) => f.id && isCaptionsFile(f) && Number(f.size ?? 0) <= MAX_CAPTIONS_FILE);
  const tables = await pMap(
    found,
    async (f) => {
      const text = await api.downloadBuffer(f.id as string, about).then(
        (bytes) => bytes.toString('utf8'),
        () => '',
      );
      return [captionsFileLanguage(f.name ?? '') as string, parseCaptionTable(text)] as const;
    },
    { concurrency: 4 },
  );
  return new Map(tables);
}
