import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import type { FakeDriveState } from './state.ts';

const MIME: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.avi': 'video/x-msvideo',
  '.wmv': 'video/x-ms-wmv',
  '.flv': 'video/x-flv',
};

/** Local caption sidecars (`<file>.txt`): Drive keeps a file's own caption in its description instead. */
const SIDECAR = /\.txt$/i;

/** A folder's captions files (`captions.yaml`, `captions.es.yaml`), which Drive keeps as files too. */
const CAPTIONS_FILE = /^captions(\.[A-Za-z-]+)?\.yaml$/;

/** A local video poster beside its video: `clip.mp4.poster.jpg` or `clip.poster.jpg`. */
const POSTER = /\.poster\.(jpe?g|png|webp)$/i;

/** Video size when there is no poster to read it from. */
const VIDEO_SIZE = { width: 1280, height: 720 } as const;

export interface LoadOptions {
  /** Name of the folder the tree is loaded into (created under `parentId`). */
  readonly rootName: string;
  /** Parent of that folder: a shared drive id (as from `addSharedDrive`) or a folder id; none = My Drive. */
  readonly parentId?: string;
}

async function dimensions(bytes: Buffer): Promise<{ width?: number; height?: number }> {
  try {
    const meta = await sharp(bytes).metadata();
    return { width: meta.width, height: meta.height };
  } catch {
    return {};
  }
}

/**
 * Mirrors a directory tree (such as the local store's DATA_DIR/media) into the fake: one folder per
 * directory, one file per media file, with image sizes read by sharp and each video's poster
 * (a sibling `<name>.poster.jpg`) as Drive's thumbnail of the video. Files of other types (a .psd,
 * a .pdf) are uploaded as Drive stores what it does not know: `application/octet-stream`, no
 * thumbnail. A caption sidecar (`<file>.txt`) becomes its file's description; a folder's captions
 * files are uploaded as they are; hidden files and other YAML files are left out. Returns the new root
 * folder id.
 */
export async function loadTree(state: FakeDriveState, dir: string, options: LoadOptions): Promise<string> {
  const root = state.addFolder(options.rootName, options.parentId);
  await loadInto(state, dir, root.id);
  return root.id;
}

async function loadInto(state: FakeDriveState, dir: string, folderId: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = new Set(entries.filter((e) => e.isFile()).map((e) => e.name));
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      await loadInto(state, path, state.addFolder(entry.name, folderId).id);
      continue;
    }
    if (!entry.isFile() || POSTER.test(entry.name) || SIDECAR.test(entry.name) || entry.name.startsWith('.')) continue;
    if (/\.ya?ml$/i.test(entry.name) && !CAPTIONS_FILE.test(entry.name)) continue;
    const content = await readFile(path);
    const mimeType = MIME[extname(entry.name).toLowerCase()];
    if (!mimeType) {
      state.addFile({ name: entry.name, mimeType: 'application/octet-stream', parents: [folderId], content });
      continue;
    }
    const stem = entry.name.slice(0, -extname(entry.name).length);
    const poster = [...names].find((n) => POSTER.test(n) && [entry.name, stem].includes(n.replace(POSTER, '')));
    const thumbnail = poster ? await readFile(join(dir, poster)) : undefined;
    const isImage = mimeType.startsWith('image/');
    const sidecar = names.has(`${entry.name}.txt`) ? await readFile(`${path}.txt`, 'utf8') : undefined;
    const size = isImage ? await dimensions(content) : thumbnail ? await dimensions(thumbnail) : VIDEO_SIZE;
    state.addFile({
      name: entry.name,
      mimeType,
      parents: [folderId],
      content,
      ...size,
      ...(isImage ? {} : { durationMillis: 4000 }),
      ...(thumbnail ? { thumbnail } : {}),
      ...(sidecar === undefined ? {} : { description: sidecar }),
    });
  }
}
