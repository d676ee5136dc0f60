/**
 * Captions and photo links, decided once for the server and the browser: what a media item is
 * called on screen, its slug in the gallery, and the address of one photo of a gallery.
 */
import type { ApiMediaItem } from './api.ts';

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

/** What the visitor reads under a tile and in the viewer: the stored caption, else a title from the name. */
export const captionOf = (item: Pick<ApiMediaItem, 'name' | 'caption'>): string =>
  item.caption?.trim() || titleFromName(item.name);

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
