/**
 * The one responsive-image rule, shared by the server (payloads, preload tags, rendition routes) and
 * the site (`<img>` attributes). Pure.
 *
 * An image is an `ImageRef`: a content-addressed base URL, its pixel size (after EXIF rotation) and an
 * optional LQIP. Its renditions are `<base>/w<width>` (fits the width, never enlarged)
 * and, for square tiles, `<base>/s<width>` (a centred square crop).
 */
export interface ImageRef {
  /** Content-addressed base URL: a new image, a new base. */
  readonly base: string;
  readonly width: number;
  readonly height: number;
  /** The LQIP: a data URI of a ~16 px version, a few hundred bytes, shown blurred until the image arrives. */
  readonly lqip?: string;
}

/** The width ladder of `<base>/w<width>` renditions. */
export const WIDTHS = [320, 480, 640, 960, 1280, 1600, 2400] as const;
/** The ladder of square crops `<base>/s<width>` (gallery tiles). */
export const SQUARE_WIDTHS = [200, 400, 600, 800] as const;

export type RenditionName = `w${(typeof WIDTHS)[number]}` | `s${(typeof SQUARE_WIDTHS)[number]}`;
export const RENDITIONS: readonly RenditionName[] = [
  ...WIDTHS.map((w) => `w${w}` as const),
  ...SQUARE_WIDTHS.map((w) => `s${w}` as const),
];

/** The ladder steps an image uses: every step below its width, and the first at or above it. */
function steps(ladder: readonly number[], width: number): number[] {
  const below = ladder.filter((w) => w < width);
  const top = ladder.find((w) => w >= width);
  return top === undefined ? below : [...below, top];
}

export interface ResponsiveImage {
  readonly src: string;
  readonly srcSet: string;
  readonly width: number;
  readonly height: number;
}

/** The uncropped renditions of `ref`, each with its true size (what a viewer chooses from). */
export function renditionsOf(ref: ImageRef): { src: string; width: number; height: number }[] {
  return steps(WIDTHS, ref.width).map((w) => {
    const width = Math.min(w, ref.width);
    return { src: `${ref.base}/w${w}`, width, height: Math.round((width * ref.height) / ref.width) };
  });
}

/**
 * `<img>` attributes of `ref`: `src` (the step nearest `fallbackWidth`, for browsers without srcset),
 * `srcSet` with true widths, and the intrinsic size. `square` uses the square crops.
 */
export function responsive(ref: ImageRef, options: { square?: boolean; fallbackWidth?: number } = {}): ResponsiveImage {
  const square = options.square ?? false;
  const edge = square ? Math.min(ref.width, ref.height) : ref.width;
  const ladder = steps(square ? SQUARE_WIDTHS : WIDTHS, edge);
  const prefix = square ? 's' : 'w';
  const url = (w: number) => `${ref.base}/${prefix}${w}`;
  const want = options.fallbackWidth ?? 960;
  const fallback = ladder.find((w) => w >= want) ?? ladder[ladder.length - 1] ?? ladder[0] ?? WIDTHS[0];
  return {
    src: url(fallback),
    srcSet: ladder.map((w) => `${url(w)} ${Math.min(w, edge)}w`).join(', '),
    width: square ? edge : ref.width,
    height: square ? edge : ref.height,
  };
}

/**
 * `sizes` of each place an image is shown, matching its CSS at every breakpoint (site/styles/stitches.ts:
 * sm 640, md 900, lg 1200 px; the content column is at most 1200 px with 16 px gutters on phones).
 */
export const SIZES = {
  /** Full-bleed heroes. */
  hero: '100vw',
  /** Product intro picture: half the column from md. */
  intro: '(min-width: 1200px) 580px, (min-width: 900px) 48vw, calc(100vw - 32px)',
  /** Photo-album (masonry) tiles: 2 to 5 columns. */
  album: '(min-width: 1200px) 230px, (min-width: 1100px) 20vw, (min-width: 800px) 25vw, (min-width: 560px) 33vw, 50vw',
  /** Square tiles: 2, 3 from sm, 4 from md, 5 from lg. */
  square: '(min-width: 1200px) 230px, (min-width: 900px) 24vw, (min-width: 640px) 32vw, 50vw',
  /** Thumbnails in the gallery dialog. */
  dialog: '(min-width: 640px) 160px, 33vw',
} as const;

/** `sizes` of a card in a grid of `cols` columns (site/components/ui.tsx Grid). */
export function cardSizes(cols: 1 | 2 | 3 | 4): string {
  // A card alone in its row: its picture takes 5/12 of the row beside the text from md on.
  if (cols === 1) return '(min-width: 1200px) 480px, (min-width: 900px) 40vw, calc(100vw - 32px)';
  if (cols === 2) return '(min-width: 1200px) 580px, (min-width: 640px) 48vw, calc(100vw - 32px)';
  if (cols === 4) return '(min-width: 1200px) 280px, (min-width: 640px) 48vw, calc(100vw - 32px)';
  return '(min-width: 1200px) 380px, (min-width: 900px) 31vw, (min-width: 640px) 48vw, calc(100vw - 32px)';
}

/** The base of a store file's renditions from one of its thumbnail URLs (`/media/thumb/<id>/<version>/<size>`). */
export const thumbBase = (thumbUrl: string | undefined): string | undefined =>
  thumbUrl && /^\/media\/thumb\/[^/]+\/[^/]+\/[^/]+$/.test(thumbUrl)
    ? thumbUrl.slice(0, thumbUrl.lastIndexOf('/'))
    : undefined;
