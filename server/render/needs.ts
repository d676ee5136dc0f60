import type { Card, Page, Section } from '../../engine/index.ts';

/** What a page reads besides its own definition (decides what the server fetches for it). */
export interface Needs {
  readonly products: boolean;
  readonly previews: boolean;
  /** Manifest folder paths whose public ids the page needs (galleries, dialogs). */
  readonly folders: readonly string[];
}

const GALLERY_KINDS = new Set(['image-gallery', 'video-gallery', 'media-gallery']);

const cards = (s: Section): Card[] => s.items.filter((i): i is Card => typeof i !== 'string');

/** Pure: the data a page's template and sections use. */
export function pageNeeds(page: Page): Needs {
  const sections = page.sections;
  const products =
    page.kind === 'application' ||
    page.kind === 'media-gallery' ||
    (page.product !== undefined && !GALLERY_KINDS.has(page.kind)) ||
    sections.some(
      (s) =>
        s.type === 'product-intro' ||
        s.type === 'product-cards' ||
        s.type === 'media-types' ||
        s.type === 'gallery-button' ||
        s.dialog !== undefined ||
        cards(s).some((c) => c.product !== undefined || c.dialog !== undefined),
    );
  const previews =
    page.hero?.slot !== undefined ||
    sections.some((s) => s.type === 'product-cards' || cards(s).some((c) => c.slot !== undefined));
  const folders = new Set<string>();
  if (page.folder && GALLERY_KINDS.has(page.kind)) folders.add(page.folder);
  for (const s of sections) {
    if (s.dialog?.folder) folders.add(s.dialog.folder);
    for (const c of cards(s)) if (c.dialog?.folder) folders.add(c.dialog.folder);
  }
  return { products, previews, folders: [...folders] };
}
