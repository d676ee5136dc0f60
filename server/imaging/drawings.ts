import { createHash } from 'node:crypto';
import type { Catalogue, Drawing, Page } from '../../engine/index.ts';

/**
 * The pictures of the demo media: a simple drawing of the product a folder holds (a pergola, an
 * awning, a screen, a shade or a blind) over a sky and ground, with its label. Pure: strings out.
 */

const hueOf = (s: string): number => createHash('sha256').update(s).digest().readUInt16BE(0) % 360;
const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A region of the picture, as fractions of its width and height. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/**
 * Where a backdrop (a picture behind a page heading: heroes) keeps its drawing: the right edge, which
 * a phone's crop of a wide picture leaves out and which a desktop heading (left, at most 22ch) never
 * reaches. Everything else of a backdrop is sky and ground.
 */
export const BACKDROP_BOX: Box = { x0: 0.8, y0: 0.3, x1: 0.97, y1: 0.7 };
/** Where a photo's drawing sits (the label is written across its middle). */
const PHOTO_BOX: Box = { x0: 0.14, y0: 0.18, x1: 0.86, y1: 0.7 };

type Draw = (b: { x: number; y: number; w: number; h: number }) => string;

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = ''): string =>
  `<rect x="${Math.round(x)}" y="${Math.round(y)}" width="${Math.max(1, Math.round(w))}" height="${Math.max(1, Math.round(h))}" fill="${fill}" ${extra}/>`;

/** A window seen from inside: frame, panes of sky, sill. */
const windowFrame: Draw = ({ x, y, w, h }) =>
  rect(x, y, w, h, '#f4f1ea') +
  rect(x + w * 0.06, y + h * 0.06, w * 0.41, h * 0.88, '#bfe0f2') +
  rect(x + w * 0.53, y + h * 0.06, w * 0.41, h * 0.88, '#bfe0f2') +
  rect(x - w * 0.05, y + h, w * 1.1, h * 0.05, '#e4ddd0');

const DRAW: Readonly<Record<Drawing, Draw>> = {
  // Two posts, a beam and a row of louvers.
  pergola: ({ x, y, w, h }) => {
    const post = (px: number) => rect(px, y, w * 0.05, h, '#fff', 'opacity="0.8"');
    const louvers = Array.from({ length: 8 }, (_, i) =>
      rect(x + w * (0.02 + i * 0.12), y - h * 0.02, w * 0.08, h * 0.07, '#fff', 'opacity="0.65"'),
    ).join('');
    return rect(x, y, w, h * 0.05, '#fff', 'opacity="0.85"') + louvers + post(x) + post(x + w * 0.95);
  },
  // A wall with a door, and a striped fabric awning sloping out from it with a scalloped valance.
  awning: ({ x, y, w, h }) => {
    const wall =
      rect(x, y, w * 0.3, h, '#efe6d8', 'opacity="0.9"') +
      rect(x + w * 0.08, y + h * 0.45, w * 0.14, h * 0.55, '#7a5a44');
    const top = y + h * 0.12;
    const out = x + w;
    const drop = y + h * 0.42;
    const stripes = Array.from({ length: 6 }, (_, i) => {
      const a = top + ((drop - top) * i) / 6;
      const b = top + ((drop - top) * (i + 1)) / 6;
      return `<polygon points="${Math.round(x + w * 0.3)},${Math.round(a)} ${Math.round(out)},${Math.round(a + (drop - top))} ${Math.round(out)},${Math.round(b + (drop - top))} ${Math.round(x + w * 0.3)},${Math.round(b)}" fill="${i % 2 ? '#fff' : '#c8553d'}" opacity="0.9"/>`;
    });
    const fabric = `<polygon points="${Math.round(x + w * 0.3)},${Math.round(top)} ${Math.round(out)},${Math.round(drop)} ${Math.round(out)},${Math.round(drop + h * 0.05)} ${Math.round(x + w * 0.3)},${Math.round(top + h * 0.05)}" fill="#c8553d" opacity="0.9"/>`;
    const valance = Array.from({ length: 5 }, (_, i) => {
      const cx = x + w * 0.3 + ((out - x - w * 0.3) * (i + 0.5)) / 5;
      return `<circle cx="${Math.round(cx)}" cy="${Math.round(drop + h * 0.02 - ((out - cx) / (out - x - w * 0.3)) * (drop - top) + h * 0.03)}" r="${Math.round(w * 0.035)}" fill="#c8553d" opacity="0.9"/>`;
    });
    const arm = `<line x1="${Math.round(x + w * 0.3)}" y1="${Math.round(y + h * 0.5)}" x2="${Math.round(out - w * 0.05)}" y2="${Math.round(drop)}" stroke="#555" stroke-width="${Math.max(2, Math.round(w * 0.01))}"/>`;
    return wall + fabric + stripes.join('') + valance.join('') + arm;
  },
  // An opening between two posts under a housing, a mesh screen lowered most of the way.
  screen: ({ x, y, w, h }) => {
    const mesh = Array.from({ length: 14 }, (_, i) =>
      rect(x + w * (0.08 + i * 0.062), y + h * 0.12, 1, h * 0.62, '#000', 'opacity="0.18"'),
    ).join('');
    return (
      rect(x, y, w, h * 0.12, '#f2f2f2', 'opacity="0.95"') +
      rect(x, y, w * 0.06, h, '#f2f2f2', 'opacity="0.9"') +
      rect(x + w * 0.94, y, w * 0.06, h, '#f2f2f2', 'opacity="0.9"') +
      rect(x + w * 0.06, y + h * 0.12, w * 0.88, h * 0.62, '#2b3440', 'opacity="0.55"') +
      mesh +
      rect(x + w * 0.06, y + h * 0.74, w * 0.88, h * 0.035, '#e6e6e6')
    );
  },
  // A window with a fabric shade lowered halfway, its headrail and bottom bar.
  shade: ({ x, y, w, h }) =>
    windowFrame({ x, y, w, h }) +
    rect(x - w * 0.03, y - h * 0.04, w * 1.06, h * 0.06, '#d9d2c5') +
    rect(x + w * 0.02, y + h * 0.02, w * 0.96, h * 0.5, '#e9dcc3', 'opacity="0.96"') +
    rect(x + w * 0.02, y + h * 0.52, w * 0.96, h * 0.03, '#b9a98e'),
  // A window with horizontal slats over its upper part, a headrail and two ladder cords.
  blind: ({ x, y, w, h }) => {
    const slats = Array.from({ length: 11 }, (_, i) =>
      rect(x + w * 0.02, y + h * (0.03 + i * 0.058), w * 0.96, h * 0.04, '#d8c2a0'),
    ).join('');
    const cords = [0.25, 0.75].map((f) => rect(x + w * f, y, 2, h * 0.64, '#7c6a52')).join('');
    return (
      windowFrame({ x, y, w, h }) + rect(x - w * 0.03, y - h * 0.04, w * 1.06, h * 0.06, '#a88a62') + slats + cords
    );
  },
};

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

export interface Scene {
  readonly drawing: Drawing;
  /** The big text; empty for a backdrop (a picture behind a page heading). */
  readonly label: string;
  readonly caption: string;
  readonly width: number;
  readonly height: number;
  /** Varies the colours. */
  readonly seed: string;
  /** A picture behind a page heading: the drawing inside BACKDROP_BOX, no sun. */
  readonly backdrop?: boolean;
}

/**
 * A placeholder "photo" of a product: sky, ground, the product drawing, its label and caption (none
 * when the label is empty). A backdrop keeps its drawing inside BACKDROP_BOX, clear of the heading over it.
 */
export function sceneSvg({ drawing, label, caption, width, height, seed, backdrop = false }: Scene): string {
  const hue = hueOf(seed);
  const ground = Math.round(height * 0.7);
  const box = backdrop ? BACKDROP_BOX : PHOTO_BOX;
  const at = { x: width * box.x0, y: height * box.y0, w: width * (box.x1 - box.x0), h: height * (box.y1 - box.y0) };
  const sun = !backdrop
    ? `<circle cx="${Math.round(width * 0.82)}" cy="${Math.round(height * 0.14)}" r="${Math.round(height * 0.07)}" fill="#fff" opacity="0.35"/>`
    : '';
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
<text x="50%" y="${captionY}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${Math.round(size * 0.55)}" fill="#fff" text-anchor="middle" stroke="#0005" stroke-width="1">${xml(caption)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0.4" y2="1">
<stop offset="0" stop-color="hsl(${hue},65%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},55%,42%)"/>
</linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
${sun}
<rect y="${ground}" width="${width}" height="${height - ground}" fill="hsl(${(hue + 150) % 360},25%,30%)"/>
${DRAW[drawing](at)}
${text}
</svg>`;
}

/** The drawing of a manifest folder (its own or its nearest parent's), or undefined. */
export const folderDrawing = (c: Catalogue, path: string | undefined): Drawing | undefined =>
  path === undefined ? undefined : c.folders.find((f) => f.path === path)?.drawing;

/**
 * The drawing of a slot's default image, from where the manifest uses it: a page's hero (the page's
 * folder or product), a card (the page it links to, else the page it is on), or a product's own slot.
 */
export function slotDrawing(c: Catalogue, slot: string): Drawing | undefined {
  const ofProduct = (id: string | undefined): Drawing | undefined => {
    const product = c.products.find((p) => p.id === id);
    if (!product) return undefined;
    const kin = c.products.filter((p) => p.category === product.category && p.folder);
    return folderDrawing(c, product.folder) ?? kin.map((p) => folderDrawing(c, p.folder)).find(Boolean);
  };
  const ofPage = (page: Page | undefined): Drawing | undefined =>
    page && (folderDrawing(c, page.folder) ?? ofProduct(page.product));
  for (const page of c.pages) {
    if (page.hero?.slot === slot) return ofPage(page);
    for (const s of page.sections)
      for (const card of s.items)
        if (typeof card !== 'string' && card.slot === slot)
          return ofPage(c.pages.find((p) => p.path === card.href)) ?? ofPage(page);
  }
  return ofProduct(slot);
}
