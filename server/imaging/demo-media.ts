import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pMap from 'p-map';
import sharp from 'sharp';
import { kindOf, type Catalogue, type Drawing } from '../../engine/index.ts';
import { sceneSvg } from './drawings.ts';
import { DEFAULT_DRAWING, jpeg, writeDefaults } from './slot-defaults.ts';

/**
 * Demo media for the embedded `local` store: for every folder the manifest uses (and every leaf of the
 * checklist), JPEG photos of several aspect ratios drawn with the folder's name; in video folders an
 * MP4 (H.264, yuv420p, faststart) and a MOV, each with a `<stem>.poster.jpg`; and the slots' default
 * images under `defaults/`. Deterministic: same manifest, same bytes.
 */

const run = promisify(execFile);
const ffmpegPath = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;

/** The binary ships executable in its package; npm's install-script policy may skip its chmod, so check. */
function ensureExecutable(file: string): void {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    chmodSync(file, 0o755);
  }
}

export interface FolderPlan {
  readonly path: string;
  readonly label: string;
  readonly video: boolean;
  readonly drawing: Drawing;
}

const PHOTO_SIZES: readonly (readonly [number, number])[] = [
  [1200, 800],
  [1024, 768],
  [720, 1080],
  [1280, 720],
];
const CLIP = { width: 640, height: 360, seconds: 2, fps: 15 } as const;

/**
 * Captions of a demo folder's photos, by language (`''`: the default language, `captions.yaml`; `es`:
 * `captions.es.yaml`), in photo order; the last photo has none, so its title comes from its name.
 */
const DEMO_CAPTIONS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'Aluminum Pergolas/Fixed Roof/Attached to Structure/Images': {
    '': [
      'Fixed-roof aluminum pergola attached to the back of the house',
      'All-day shade over the patio dining area',
      'Built-in gutter and LED lights recessed in the beams',
    ],
    es: [
      'Pérgola de aluminio de techo fijo, adosada a la parte trasera de la casa',
      'Sombra todo el día para el comedor del patio',
      'Canaleta integrada y luces LED empotradas en las vigas',
    ],
  },
};

/** A folder's captions files (`captions.yaml`, `captions.<lang>.yaml`) for the photos named `names`. */
async function writeCaptions(dir: string, path: string, names: readonly string[]): Promise<void> {
  for (const [language, captions] of Object.entries(DEMO_CAPTIONS[path] ?? {})) {
    const lines = captions.map((caption, i) => `${JSON.stringify(names[i])}: ${JSON.stringify(caption)}`);
    await writeFile(join(dir, language ? `captions.${language}.yaml` : 'captions.yaml'), `${lines.join('\n')}\n`);
  }
}

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Which folders get media, with a display name and what their pictures show. Pure. */
export function demoPlan(c: Catalogue): FolderPlan[] {
  const parents = new Set(c.folders.map((f) => f.parent).filter((p): p is string => p !== undefined));
  const used = new Set([...c.products.map((p) => p.folder), ...c.pages.map((p) => p.folder)]);
  const videoPages = new Set(c.pages.filter((p) => kindOf(p.kind).gallery?.media === 'videos').map((p) => p.folder));
  return c.folders
    .filter((f) => !parents.has(f.path) || used.has(f.path))
    .map((f) => {
      const named =
        c.products.find((p) => p.folder === f.path)?.name ?? c.pages.find((p) => p.folder === f.path)?.heading;
      const video = /(^|\/)Videos?$/.test(f.path) || videoPages.has(f.path);
      const label = named ?? f.path.split('/').slice(-2).join(' - ');
      return { path: f.path, label, video, drawing: f.drawing ?? DEFAULT_DRAWING };
    });
}

/** An H.264 MP4 clip over a still background with a moving test pattern. */
async function encodeClip(background: string, out: string): Promise<void> {
  const { seconds, fps } = CLIP;
  ensureExecutable(ffmpegPath);
  await run(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-framerate', String(fps), '-i', background],
    ...['-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=${fps}`],
    ...['-filter_complex', `[0:v][1:v]overlay=x='40+t*200':y=H-h-24:shortest=1,format=yuv420p`],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-threads', '1'],
    ...['-an', '-movflags', '+faststart', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact'],
    ...['-f', 'mp4', out],
  ]);
}

/** The same clip in a QuickTime container (remuxed, not encoded again). */
async function remuxMov(mp4: string, out: string): Promise<void> {
  await run(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', mp4, '-c', 'copy'],
    ...['-map_metadata', '-1', '-fflags', '+bitexact', '-f', 'mov', out],
  ]);
}

/** A folder's clips, drawn with its own label and product (the MOV is the MP4 remuxed). */
async function makeClips(scratch: string, plan: FolderPlan): Promise<{ mp4: string; mov: string }> {
  const key = slug(plan.path);
  const png = join(scratch, `${key}.png`);
  const mp4 = join(scratch, `${key}.mp4`);
  const mov = join(scratch, `${key}.mov`);
  const still = sceneSvg({ ...scene(plan, 'Video'), width: CLIP.width, height: CLIP.height });
  await sharp(Buffer.from(still)).png().toFile(png);
  await encodeClip(png, mp4);
  await remuxMov(mp4, mov);
  return { mp4, mov };
}

const scene = (plan: FolderPlan, caption: string) => ({
  drawing: plan.drawing,
  label: plan.label,
  caption,
  seed: plan.path,
});

async function writeFolder(root: string, scratch: string, plan: FolderPlan): Promise<void> {
  const dir = join(root, ...plan.path.split('/'));
  await mkdir(dir, { recursive: true });
  const base = slug(plan.label) || 'media';
  if (plan.video) {
    const clips = await makeClips(scratch, plan);
    for (const [stem, container] of [
      [`${base}-overview`, 'mp4'],
      [`${base}-installation`, 'mov'],
    ] as const) {
      await copyFile(clips[container], join(dir, `${stem}.${container}`));
      const caption = container === 'mp4' ? 'Video' : 'Video (MOV)';
      const poster = sceneSvg({ ...scene(plan, caption), width: CLIP.width, height: CLIP.height });
      await writeFile(join(dir, `${stem}.poster.jpg`), await jpeg(poster));
    }
    return;
  }
  const names = PHOTO_SIZES.map((_, i) => `${base}-${String(i + 1).padStart(2, '0')}.jpg`);
  await Promise.all(
    PHOTO_SIZES.map(async ([width, height], i) => {
      const svg = sceneSvg({ ...scene(plan, `Demo photo ${i + 1}`), width, height, seed: `${plan.path}#${i}` });
      await writeFile(join(dir, names[i] as string), await jpeg(svg));
    }),
  );
  await writeCaptions(dir, plan.path, names);
}

export interface DemoResult {
  readonly folders: number;
  readonly ms: number;
}

/** Writes `<dataDir>/media` (replacing nothing: it must not exist) and missing slot defaults. */
export async function generateDemoMedia(dataDir: string, c: Catalogue): Promise<DemoResult> {
  const started = performance.now();
  const target = join(dataDir, 'media');
  if (existsSync(target)) throw new Error(`${target} already exists; remove it to generate the demo media again.`);
  await mkdir(dataDir, { recursive: true });
  const tmp = await mkdtemp(join(dataDir, '.media-'));
  const scratch = await mkdtemp(join(dataDir, '.scratch-'));
  try {
    const plans = demoPlan(c);
    await pMap(plans, (p) => writeFolder(tmp, scratch, p), { concurrency: 4 });
    await writeDefaults(dataDir, c);
    // A crash above leaves only a hidden temp folder, never a half-written media tree.
    await rename(tmp, target);
    return { folders: plans.length, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}
