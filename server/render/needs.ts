import { isGalleryKind, kindOf, type Card, type Page, type Section } from '../../engine/index.ts';

/** What a page reads besides its own definition (decides what the server fetches for it). */
export interface Needs {
  readonly products: boolean;
  /** The slot image map (`/api/preview-images`). */
  readonly slotImages: boolean;
  /** Manifest folder paths whose public ids the page needs (galleries, dialogs). */
  readonly folders: readonly string[];
  /** Slots whose images the page shows (hero, cards); `products`: also the product cards' and intro's slots. */
  readonly slots: { readonly ids: readonly string[]; readonly products: boolean };
}

const cards = (s: Section): Card[] => s.items.filter((i): i is Card => typeof i !== 'string');

/** Pure: the data a page's template and sections use. */
export function pageNeeds(page: Page): Needs {
  const sections = page.sections;
  const products =
    kindOf(page.kind).products ||
    (page.product !== undefined && !isGalleryKind(page.kind)) ||
    sections.some(
      (s) =>
        s.type === 'product-intro' ||
        s.type === 'product-cards' ||
        s.type === 'media-types' ||
        s.type === 'gallery-button' ||
        s.dialog !== undefined ||
        cards(s).some((c) => c.product !== undefined || c.dialog !== undefined),
    );
  const slotImages =
    page.hero?.slot !== undefined ||
    sections.some((s) => s.type === 'product-cards' || cards(s).some((c) => c.slot !== undefined));
  const folders = new Set<string>();
  if (page.folder && kindOf(page.kind).gallery?.source === 'folder') folders.add(page.folder);
  for (const s of sections) {
    if (s.dialog?.folder) folders.add(s.dialog.folder);
    for (const c of cards(s)) if (c.dialog?.folder) folders.add(c.dialog.folder);
  }
  const slotIds = new Set<string>();
  if (page.hero?.slot !== undefined) slotIds.add(page.hero.slot);
  for (const s of sections) for (const c of cards(s)) if (c.slot !== undefined) slotIds.add(c.slot);
  // Product cards and intros (sections, or a template's own intro) show the products' slots.
  const productSlots = products;
  return { products, slotImages, folders: [...folders], slots: { ids: [...slotIds], products: productSlots } };
}
