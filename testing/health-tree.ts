import { mkdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jpeg } from './staff-harness.ts';

/** Folders of the manifest that the folder health scenario fills (or leaves empty). */
export const MB = 1024 * 1024;
export const IMAGES = 'Retractable Awnings/Images';
export const VIDEOS = 'Retractable Awnings/Video';
export const EMPTY = 'Screens/Motorized Screens/Covered Porches/Images';
export const PARENT = 'Screens/Motorized Screens/Pergolas';
export const BIG = 'Aluminum Pergolas/Images';

/**
 * A small media tree with one of each problem: a copy of a photo, a .psd, a video among photos and a
 * photo among videos (neither video with a picture), an AVI not converted, an empty folder, a photo
 * in a folder that only holds folders, a 21 MB photo (and, `bigVideo`, a 201 MB video; sparse files).
 */
export async function problemTree(media: string, { bigVideo = false } = {}): Promise<void> {
  const dir = async (path: string) => {
    const abs = join(media, ...path.split('/'));
    await mkdir(abs, { recursive: true });
    return abs;
  };
  const images = await dir(IMAGES);
  const photo = await jpeg(1, 64);
  await writeFile(join(images, 'awning.jpg'), photo);
  await writeFile(join(images, 'awning copy.jpg'), photo);
  await writeFile(join(images, 'drawing.psd'), Buffer.from('8BPS layered drawing'));
  await writeFile(join(images, 'clip.mp4'), Buffer.from('not really a video, but named as one'));
  const videos = await dir(VIDEOS);
  await writeFile(join(videos, 'porch.jpg'), await jpeg(2, 64));
  await writeFile(join(videos, 'legacy.avi'), Buffer.from('RIFF....AVI an old clip'));
  await dir(EMPTY);
  await writeFile(join(await dir(PARENT), 'stray.jpg'), await jpeg(3, 64));
  const big = join(await dir(BIG), 'huge.jpg');
  await writeFile(big, photo);
  await truncate(big, 21 * MB);
  if (bigVideo) {
    const long = join(await dir('Aluminum Pergolas/Videos'), 'long.mp4');
    await writeFile(long, '');
    await truncate(long, 201 * MB);
  }
}
