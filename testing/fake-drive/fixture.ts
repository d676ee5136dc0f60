import sharp from 'sharp';
import type { FakeDrive } from './server.ts';

/** A small JPEG of the given size (tests and demos make their media, never download it). */
export function jpeg(width: number, height: number, hue = 120): Promise<Buffer> {
  const background = { r: hue, g: 255 - hue, b: (hue * 3) % 256 };
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

/** Bytes standing in for a video: recognisable, and long enough for interesting ranges. */
export const videoBytes = (label: string, size = 4096): Buffer =>
  Buffer.from(Array.from({ length: size }, (_, i) => label.charCodeAt(i % label.length) ^ (i & 0xff)));

export interface SeededTree {
  readonly rootId: string;
  /** The shared drive holding the root, when `shared`. */
  readonly driveId?: string;
  /** Folder path (under the root) -> id. */
  readonly folders: Readonly<Record<string, string>>;
  /** 'folder/name' -> id. */
  readonly files: Readonly<Record<string, string>>;
}

/**
 * A tree exercising what the drive store must handle: names that sort naturally, a Google Doc, a
 * sub-folder and a trashed file among images; videos with a Drive thumbnail, with none, and with
 * only a poster file beside them; nested folders for path walking.
 */
export async function seedTree(fake: FakeDrive, options: { shared?: boolean } = {}): Promise<SeededTree> {
  const state = fake.state;
  const driveId = options.shared === false ? undefined : state.addSharedDrive('Company Media');
  const root = state.addFolder('Site Media', driveId);
  const folders: Record<string, string> = {};
  const files: Record<string, string> = {};
  const folder = (path: string): string => {
    const parent = path.includes('/') ? folders[path.slice(0, path.lastIndexOf('/'))]! : root.id;
    folders[path] = state.addFolder(path.slice(path.lastIndexOf('/') + 1), parent).id;
    return folders[path];
  };
  const add = async (
    path: string,
    name: string,
    mimeType: string,
    content: Buffer,
    extra: Record<string, unknown> = {},
  ): Promise<void> => {
    const meta = mimeType.startsWith('image/') ? await sharp(content).metadata() : undefined;
    files[`${path}/${name}`] = state.addFile({
      name,
      mimeType,
      parents: [folders[path]!],
      content,
      ...(meta ? { width: meta.width, height: meta.height } : {}),
      ...extra,
    }).id;
  };
  folder('Gallery');
  await add('Gallery', 'img 10.jpg', 'image/jpeg', await jpeg(40, 30, 10));
  await add('Gallery', 'img 2.jpg', 'image/jpeg', await jpeg(30, 40, 20));
  await add('Gallery', 'img 1.jpg', 'image/jpeg', await jpeg(64, 36, 30));
  await add(
    'Gallery',
    'b.png',
    'image/png',
    await sharp(await jpeg(20, 20, 40))
      .png()
      .toBuffer(),
  );
  await add('Gallery', 'a.jpg', 'image/jpeg', await jpeg(50, 25, 50));
  await add('Gallery', 'old.jpg', 'image/jpeg', await jpeg(10, 10, 60));
  state.files.get(files['Gallery/old.jpg']!)!.trashed = true;
  state.addFile({ name: 'Notes', mimeType: 'application/vnd.google-apps.document', parents: [folders['Gallery']!] });
  folder('Gallery/Sub');
  folder('Videos');
  const poster = await jpeg(64, 36, 90);
  await add('Videos', 'clip.mp4', 'video/mp4', videoBytes('clip'), { width: 1920, height: 1080, thumbnail: poster });
  await add('Videos', 'raw.mov', 'video/quicktime', videoBytes('raw'), { width: 1280, height: 720 });
  await add('Videos', 'poster-only.mp4', 'video/mp4', videoBytes('poster-only'));
  await add('Videos', 'poster-only.poster.jpg', 'image/jpeg', await jpeg(48, 27, 100));
  folder('Deep');
  folder('Deep/Er');
  folder('Deep/Er/Still');
  folder('Empty');
  return { rootId: root.id, ...(driveId ? { driveId } : {}), folders, files };
}

/**
 * The folder tree of a manifest (its folder paths, parents first) under a new root on a shared
 * drive, with `images` small JPEGs in each folder of `filled`. Returns the root id.
 */
export async function seedFolderPaths(
  fake: FakeDrive,
  paths: readonly string[],
  options: { filled?: readonly string[]; images?: number } = {},
): Promise<string> {
  const state = fake.state;
  const root = state.addFolder('Site Media', state.addSharedDrive('Company Media'));
  const ids = new Map<string, string>([['', root.id]]);
  for (const path of [...paths].sort((a, b) => a.split('/').length - b.split('/').length)) {
    const cut = path.lastIndexOf('/');
    const parent = ids.get(cut < 0 ? '' : path.slice(0, cut));
    if (parent && !ids.has(path)) ids.set(path, state.addFolder(path.slice(cut + 1), parent).id);
  }
  for (const path of options.filled ?? []) {
    for (let i = 1; i <= (options.images ?? 3); i++) {
      const [width, height] = i % 2 ? [48, 32] : [32, 48];
      const content = await jpeg(width, height, (i * 40) % 256);
      state.addFile({
        name: `photo ${i}.jpg`,
        mimeType: 'image/jpeg',
        parents: [ids.get(path)!],
        content,
        width,
        height,
      });
    }
  }
  return root.id;
}
