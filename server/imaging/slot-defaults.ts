import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Catalogue, Drawing } from '../../engine/index.ts';
import { sceneSvg, slotDrawing } from './drawings.ts';

/**
 * The built-in slot images: for each slot whose fallback is `/defaults/<file>.jpg`, a drawing of its
 * product under `<dataDir>/defaults/`. Every server writes the missing ones of each catalogue it loads
 * (at start and after each publish), so a fresh or restored data directory, and a slot a publish has
 * just added, get theirs; until then the route answers a neutral picture (`neutralDefault`), never 404.
 */

/** A folder the manifest gives no drawing (nor any of its parents). */
export const DEFAULT_DRAWING: Drawing = 'pergola';

/** A JPEG of an SVG drawing. */
export const jpeg = (svg: string, quality = 78): Promise<Buffer> =>
  sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer();

/** The file name of a slot's built-in image, when its fallback is one (`/defaults/<file>.jpg`). */
export const defaultFileOf = (fallback: string): string | undefined =>
  /^\/defaults\/([A-Za-z0-9._-]+\.jpe?g)$/.exec(fallback)?.[1];

/** Writes `<dataDir>/defaults/<file>` for each slot whose fallback is `/defaults/<file>` and is missing. */
export async function writeDefaults(dataDir: string, c: Catalogue): Promise<number> {
  const dir = join(dataDir, 'defaults');
  await mkdir(dir, { recursive: true });
  const missing = c.slots.filter((slot) => {
    const file = defaultFileOf(slot.fallback);
    return file !== undefined && !existsSync(join(dir, file));
  });
  for (const slot of missing) {
    // A hero's default is a backdrop (the drawing clear of the heading); a card's shows its product.
    const hero = c.pages.some((p) => p.hero?.slot === slot.id);
    const drawing = slotDrawing(c, slot.id) ?? DEFAULT_DRAWING;
    const svg = sceneSvg({ drawing, label: '', caption: '', width: 1600, height: 900, seed: slot.id, backdrop: hero });
    const file = join(dir, defaultFileOf(slot.fallback) as string);
    // Written whole or not at all: a reader never gets half a picture.
    await writeFile(`${file}.tmp`, await jpeg(svg));
    await rename(`${file}.tmp`, file);
  }
  return missing.length;
}

const NEUTRAL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="600" fill="#cfdde6"/><rect y="600" width="1600" height="300" fill="#c9cfc4"/></svg>';
let neutral: Promise<Buffer> | undefined;

/** The picture `/defaults/` answers for a built-in image not written yet: a plain sky over ground. */
export const neutralDefault = (): Promise<Buffer> => (neutral ??= jpeg(NEUTRAL_SVG, 70));
