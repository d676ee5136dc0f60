/**
 * Captions and photo links, decided once for the server and the browser: what a media item is
 * called on screen, its slug in the gallery, and the address of one photo of a gallery.
 */
import type { Page } from '../model.ts';
import { fillText, type Vars } from '../placeholders.ts';
import type { UiTexts } from '../texts.ts';
import type { ApiMediaItem } from './api.ts';
import { isVideo } from './media.ts';

/** Words that separate a subject from a detail in a file name (`covered-porches-videos-installation`). */
const MEDIA_WORDS = new Set(['images', 'image', 'videos', 'video', 'photos', 'photo', 'pictures', 'gallery']);

const stemOf = (name: string): string => name.replace(/\.[A-Za-z0-9]{1,5}$/, '');

const wordsOf = (name: string): string[] =>
  stemOf(name)
    .split(/[\s_\-.]+/)
    .filter(Boolean);

/** Acronyms (IMG, MOV) keep their case; other words are lower case. */
const caseWord = (w: string): string => (/^[A-Z0-9]{2,5}$/.test(w) ? w : w.toLowerCase());

const sentence = (words: readonly string[]): string => {
  const text = words.map(caseWord).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * A readable title from a file name, never the raw name: `covered-porches-installation.mov` ->
 * 'Covered porches: installation', `covered-porches-videos-installation.mov` -> the same,
 * `pergola-fixed-roof-02.jpg` -> 'Pergola fixed roof 2', `IMG_1234.HEIC` -> 'IMG 1234'.
 */
export function titleFromName(name: string): string {
  const words = wordsOf(name);
  if (words.length === 0) return stemOf(name) || name;
  const media = words.findIndex((w, i) => i > 0 && i < words.length - 1 && MEDIA_WORDS.has(w.toLowerCase()));
  if (media > 0) return `${sentence(words.slice(0, media))}: ${sentence(words.slice(media + 1)).toLowerCase()}`;
  const last = words[words.length - 1] ?? '';
  if (/^\d+$/.test(last) && words.length > 1) return `${sentence(words.slice(0, -1))} ${Number(last)}`;
  if (words.length >= 3) return `${sentence(words.slice(0, -1))}: ${caseWord(last)}`;
  return sentence(words);
}

/** What cameras and phone apps start a file name with (then numbers or a date-time follow). */
const CAMERA_PREFIX =
  /^(?:img|dsc[nf]?|pxl|vid|mvimg|dji|gopr|g[hx]\d\d|screenshot|screen[\s_-]?shot|whatsapp[\s_-](?:image|video)|photo)(?=[\s_.~()-]|\d|$)/i;

/** A date at the start of a name, `20240611` or `2024-06-11` (a year from 1990 on, a real month and day). */
const DATE_START = /^(?:19[89]\d|20\d\d)[-_.]?(?:0[1-9]|1[0-2])[-_.]?(?:0[1-9]|[12]\d|3[01])(?=[\s_.~()T-]|\d|$)/i;

/**
 * What may follow the prefix or the date in such a name: numbers and separators, and the words
 * cameras and apps add ('at', AM/PM, WhatsApp's WA0003, Pixel's MP, PORTRAIT, BURST, DJI's single
 * letters, a copy's '(1)' or 'copy'). An app's id at the end (`_com.android.chrome`) is dropped first,
 * and so is the app a screenshot names (`Screenshot_20240611-143015_Chrome`).
 */
const CAMERA_WORD = /^(?:t?\d+z?|at|am|pm|wa\d+|mp|portrait|burst\d*|cover|hdr|night|top|edited|copy|[a-z])$/i;
const APP_ID = /[\s_-](?:[a-z]\w*\.)+[a-z]\w*$/i;
const SCREENSHOT_APP = /^(screen[\s_-]?shot.*\d)_[a-z][^_\d]*$/i;

/**
 * Whether a file name is one a camera or an app gave, not a title: a prefix such as `IMG_`, `DSC_`,
 * `PXL_`, `VID_`, `MVIMG_`, `DJI_`, `GOPR`, `Screenshot` or `WhatsApp Image` followed by numbers or a
 * date-time (`IMG_1234.HEIC`, `PXL_20240611_143015123.MP.jpg`, `WhatsApp Image 2024-06-11 at 14.30.15.jpeg`),
 * or a bare date-time (`20240611_143015.jpg`).
 */
export function isCameraName(name: string): boolean {
  const stem = stemOf(name).trim().replace(APP_ID, '').replace(SCREENSHOT_APP, '$1');
  const prefix = CAMERA_PREFIX.exec(stem);
  const start = prefix ?? DATE_START.exec(stem);
  if (!start) return false;
  const rest = stem.slice(start[0].length);
  // After a prefix, numbers must follow; a date is one already.
  if (prefix && !/\d/.test(rest)) return false;
  return rest
    .split(/[\s_.~()-]+/)
    .filter(Boolean)
    .every((w) => CAMERA_WORD.test(w));
}

/** Where an item is shown: what its caption is made from when none is stored. */
export interface CaptionPlace {
  /** The title of the gallery it is shown in (a gallery page's heading, a gallery dialog's title). */
  readonly gallery: string;
  /**
   * The shared texts in the page's language: `photoOfGallery` and `videoOfGallery` ('{gallery}, photo
   * {n}') for a name a camera gave, `namedPhoto` and `namedVideo` ('{title}'; in a language file names
   * are not written in, '{gallery}, foto {n}') for a name that reads as a title.
   */
  readonly ui: UiTexts;
  /** The language of the page it is shown on (its catalogue's `language`); absent: the default language. */
  readonly language?: string;
}

/** What a caption is made from. */
export type CaptionSource = Pick<ApiMediaItem, 'name' | 'caption' | 'captions' | 'kind' | 'mimeType'>;

/** The ui text a caption is made with when none is stored (see CaptionPlace's `ui`). */
function captionText(item: CaptionSource, ui: UiTexts): string | undefined {
  const video = isVideo(item);
  if (isCameraName(item.name)) return ui[video ? 'videoOfGallery' : 'photoOfGallery'];
  return ui[video ? 'namedVideo' : 'namedPhoto'];
}

/**
 * What the visitor reads under a tile, in the viewer and in titles: the stored caption in the page's
 * language (`place.language`); else the stored default caption; else the page language's ui text for
 * the kind of name it has (captionText), with the gallery's title, the item's position in the listing
 * (`n`, from 1) and the title from the name (`title`); a title from the name without such a text.
 */
export function captionOf(item: CaptionSource, n: number, place: CaptionPlace): string {
  const stored = (place.language ? item.captions?.[place.language]?.trim() : undefined) || item.caption?.trim();
  if (stored) return stored;
  const title = titleFromName(item.name);
  const text = captionText(item, place.ui);
  return text ? fillText(text, { gallery: place.gallery, n, title }) : title;
}

/** The caption of every item of a listing, in order (each with its position). */
export const captionsOf = (items: readonly CaptionSource[], place: CaptionPlace): string[] =>
  items.map((item, i) => captionOf(item, i + 1, place));

/** A gallery's title as its page shows it (its heading, with the route's values filled in). */
export const galleryTitle = (page: Pick<Page, 'heading'>, vars: Vars): string => fillText(page.heading, vars);

const slugify = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

/**
 * The slug of every item of a listing, in order: the file name without extension, made unique
 * within the listing (a photo and a video of the same stem: `-mov`, then `-2`, `-3`, ...).
 */
export function photoSlugs(items: readonly Pick<ApiMediaItem, 'name' | 'id'>[]): string[] {
  const taken = new Set<string>();
  return items.map((item) => {
    const base = slugify(stemOf(item.name)) || slugify(item.id) || 'photo';
    const ext = /\.([A-Za-z0-9]{1,5})$/.exec(item.name)?.[1]?.toLowerCase();
    let slug = base;
    if (taken.has(slug) && ext) slug = `${base}-${ext}`;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
}

/** The path segment between a gallery's path and a photo's slug. */
export const PHOTO_SEGMENT = 'photo';

/** The address of one photo of a gallery. */
export const photoPath = (galleryPath: string, slug: string): string =>
  `${galleryPath === '/' ? '' : galleryPath}/${PHOTO_SEGMENT}/${encodeURIComponent(slug)}`;

/** A photo address split into its gallery's path and the slug; null for any other path. */
export function splitPhotoPath(path: string): { readonly gallery: string; readonly slug: string } | null {
  const m = /^(\/.+)\/photo\/([^/]+)$/.exec(path);
  if (!m?.[1] || !m[2]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(m[2]);
  } catch {
    return null;
  }
  return { gallery: m[1], slug };
}

/** The page path of any address (a photo address belongs to its gallery). */
export const pagePathOf = (path: string): string => splitPhotoPath(path)?.gallery ?? path;
