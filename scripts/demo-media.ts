import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pMap from 'p-map';
import sharp from 'sharp';
import type { Catalogue } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';

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
}

const PHOTO_SIZES: readonly (readonly [number, number])[] = [
  [1200, 800],
  [1024, 768],
  [720, 1080],
  [1280, 720],
];
const CLIP = { width: 640, height: 360, seconds: 2, fps: 15 } as const;

const slug = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const hueOf = (s: string): number => createHash('sha256').update(s).digest().readUInt16BE(0) % 360;
const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Which folders get media, with a display name. Pure. */
export function demoPlan(c: Catalogue): FolderPlan[] {
  const parents = new Set(c.folders.map((f) => f.parent).filter((p): p is string => p !== undefined));
  const used = new Set([...c.products.map((p) => p.folder), ...c.pages.map((p) => p.folder)]);
  const videoPages = new Set(c.pages.filter((p) => p.kind === 'video-gallery').map((p) => p.folder));
  return c.folders
    .filter((f) => !parents.has(f.path) || used.has(f.path))
    .map((f) => {
      const named =
        c.products.find((p) => p.folder === f.path)?.name ?? c.pages.find((p) => p.folder === f.path)?.heading;
      const video = /(^|\/)Videos?$/.test(f.path) || videoPages.has(f.path);
      return { path: f.path, label: named ?? f.path.split('/').slice(-2).join(' - '), video };
    });
}

/** The label on one line, or on two split at the space nearest the middle when it is long. */
function twoLines(label: string): string[] {
  if (label.length <= 18) return [label];
  const middle = label.length / 2;
  let best = -1;
  for (let i = 0; i < label.length; i++) {
    if (label[i] === ' ' && (best < 0 || Math.abs(i - middle) < Math.abs(best - middle))) best = i;
  }
  return best < 0 ? [label] : [label.slice(0, best), label.slice(best + 1)];
}

/**
 * A placeholder "photo": sky gradient, ground, a pergola-like frame, the label and a caption (no text
 * when the label is empty: slot defaults sit behind page headings).
 */
export function sceneSvg(label: string, caption: string, width: number, height: number, seed: string): string {
  const h = hueOf(seed);
  const ground = Math.round(height * 0.7);
  const slats = Array.from({ length: 9 }, (_, i) => {
    const x = Math.round(width * (0.18 + i * 0.08));
    return `<rect x="${x}" y="${Math.round(height * 0.22)}" width="${Math.round(width * 0.05)}" height="${Math.round(height * 0.03)}" fill="#fff" opacity="0.55"/>`;
  }).join('');
  const post = (x: number): string =>
    `<rect x="${Math.round(width * x)}" y="${Math.round(height * 0.22)}" width="${Math.round(width * 0.02)}" height="${ground - Math.round(height * 0.22)}" fill="#fff" opacity="0.45"/>`;
  const lines = twoLines(label);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = Math.round(Math.min(height / 9, (0.88 * width) / (0.64 * longest)));
  const top = Math.round(height * 0.5 - (lines.length - 1) * size * 0.6);
  const title = lines
    .map((line, i) => `<tspan x="50%" y="${Math.round(top + i * size * 1.2)}">${xml(line)}</tspan>`)
    .join('');
  const captionY = Math.round(top + (lines.length - 1) * size * 1.2 + size * 1.1);
  const text = label
    ? `<text font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${size}" fill="#fff" text-anchor="middle" stroke="#0006" stroke-width="${Math.max(1, Math.round(size / 24))}">${title}</text>
<text x="50%" y="${captionY}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${Math.round(size * 0.55)}" fill="#fff" text-anchor="middle">${xml(caption)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1">
<stop offset="0" stop-color="hsl(${h},65%,72%)"/><stop offset="1" stop-color="hsl(${(h + 40) % 360},55%,42%)"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
<circle cx="${Math.round(width * 0.8)}" cy="${Math.round(height * 0.16)}" r="${Math.round(height * 0.08)}" fill="#fff" opacity="0.35"/>
<rect y="${ground}" width="${width}" height="${height - ground}" fill="hsl(${(h + 150) % 360},25%,30%)"/>
${slats}${post(0.17)}${post(0.81)}
${text}
</svg>`;
}

const jpeg = (svg: string, quality = 78): Promise<Buffer> => sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();

/** An H.264 clip over a still background with a moving test pattern; MOV when `container` says so. */
async function encodeClip(background: string, out: string, container: 'mp4' | 'mov'): Promise<void> {
  const { seconds, fps } = CLIP;
  ensureExecutable(ffmpegPath);
  await run(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-framerate', String(fps), '-i', background],
    ...['-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=${fps}`],
    ...['-filter_complex', `[0:v][1:v]overlay=x='40+t*200':y=H-h-24:shortest=1,format=yuv420p`],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-threads', '1'],
    ...['-an', '-movflags', '+faststart', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact'],
    ...['-f', container, out],
  ]);
}

/** One clip per top-level folder (encoded once, copied to each of its video folders). */
type Clips = (path: string, container: 'mp4' | 'mov') => Promise<string>;

function clipMaker(scratch: string): Clips {
  const made = new Map<string, Promise<string>>();
  return (path, container) => {
    const top = path.split('/')[0] ?? path;
    const key = `${slug(top)}.${container}`;
    let clip = made.get(key);
    if (!clip) {
      const png = join(scratch, `${key}.png`);
      const out = join(scratch, key);
      const still = sceneSvg(top, container === 'mp4' ? 'Video' : 'Video (MOV)', CLIP.width, CLIP.height, key);
      clip = sharp(Buffer.from(still))
        .png()
        .toFile(png)
        .then(() => encodeClip(png, out, container))
        .then(() => out);
      made.set(key, clip);
    }
    return clip;
  };
}

async function writeFolder(root: string, plan: FolderPlan, clips: Clips): Promise<void> {
  const dir = join(root, ...plan.path.split('/'));
  await mkdir(dir, { recursive: true });
  const base = slug(plan.label) || 'media';
  if (plan.video) {
    for (const [stem, container] of [
      [`${base}-overview`, 'mp4'],
      [`${base}-installation`, 'mov'],
    ] as const) {
      await copyFile(await clips(plan.path, container), join(dir, `${stem}.${container}`));
      const caption = container === 'mp4' ? 'Video' : 'Video (MOV)';
      const poster = sceneSvg(plan.label, caption, CLIP.width, CLIP.height, `${plan.path}#${container}`);
      await writeFile(join(dir, `${stem}.poster.jpg`), await jpeg(poster));
    }
    return;
  }
  await Promise.all(
    PHOTO_SIZES.map(async ([w, h], i) => {
      const caption = `Photo ${i + 1} of ${PHOTO_SIZES.length}`;
      const name = `${base}-${String(i + 1).padStart(2, '0')}.jpg`;
      await writeFile(join(dir, name), await jpeg(sceneSvg(plan.label, caption, w, h, `${plan.path}#${i}`)));
    }),
  );
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
    const clips = clipMaker(scratch);
    const plans = demoPlan(c);
    await pMap(plans, (p) => writeFolder(tmp, p, clips), { concurrency: 4 });
    await writeDefaults(dataDir, c);
    // A crash above leaves only a hidden temp folder, never a half-written media tree.
    await rename(tmp, target);
    return { folders: plans.length, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Writes `<dataDir>/defaults/<file>` for each slot whose fallback is `/defaults/<file>` and is missing. */
export async function writeDefaults(dataDir: string, c: Catalogue): Promise<void> {
  const dir = join(dataDir, 'defaults');
  await mkdir(dir, { recursive: true });
  await Promise.all(
    c.slots.map(async (slot) => {
      const match = /^\/defaults\/([A-Za-z0-9._-]+\.jpe?g)$/.exec(slot.fallback);
      if (!match?.[1] || existsSync(join(dir, match[1]))) return;
      await writeFile(join(dir, match[1]), await jpeg(sceneSvg('', '', 1600, 900, slot.id)));
    }),
  );
}

/**
 * For tests: a generated data directory, made once per manifest and script version under
 * node_modules/.cache and reused; copy it before changing anything in it.
 */
export async function demoDataTemplate(c: Catalogue): Promise<string> {
  const self = readFileSync(fileURLToPath(import.meta.url));
  const key = createHash('sha256')
    .update(self)
    .update(JSON.stringify([demoPlan(c), c.slots]))
    .digest('hex');
  const dir = resolve('node_modules/.cache/demo-media', key.slice(0, 16));
  const ready = (): boolean => existsSync(join(dir, 'media')) && existsSync(join(dir, 'defaults'));
  if (ready()) return dir;
  await mkdir(dirname(dir), { recursive: true });
  // Test files run in parallel processes: one generates, the others wait for it.
  const lock = `${dir}.lock`;
  for (;;) {
    if (ready()) return dir;
    try {
      await mkdir(lock);
      break;
    } catch {
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > 120_000) await rm(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!ready()) {
      const tmp = await mkdtemp(`${dir}.tmp-`);
      await generateDemoMedia(tmp, c);
      await rm(dir, { recursive: true, force: true });
      await rename(tmp, dir);
    }
    return dir;
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const dataDir = resolve(process.env.DATA_DIR?.trim() || 'data');
  const result = loadCatalogue();
  if (!result.ok) throw new Error('The manifest is invalid: run `npm run check` for the list of problems.');
  if (process.argv.includes('--force')) await rm(join(dataDir, 'media'), { recursive: true, force: true });
  if (existsSync(join(dataDir, 'media'))) {
    await writeDefaults(dataDir, result.catalogue);
    console.log(`${join(dataDir, 'media')} exists; kept it (pass --force to make it again).`);
    return;
  }
  const { folders, ms } = await generateDemoMedia(dataDir, result.catalogue);
  const size = await du(join(dataDir, 'media'));
  console.log(`Demo media: ${folders} folders, ${(size / 1e6).toFixed(1)} MB in ${ms} ms under ${dataDir}.`);
}

async function du(path: string): Promise<number> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  const sizes = await Promise.all(entries.filter((e) => e.isFile()).map((e) => stat(join(e.parentPath, e.name))));
  return sizes.reduce((sum, s) => sum + s.size, 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
