import { cardsOf, isGalleryKind, kindOf, sectionOf, shownDialogs, showsProductCards } from '../../engine/index.ts';
import type { Page, Section } from '../../engine/index.ts';
import { lookedUpFolders } from '../../engine/shared/shown-folders.ts';

/** What a page reads besides its own definition (decides what the server fetches for it). */
export interface Needs {
  readonly products: boolean;
  /** The slot image map (`/api/preview-images`). */
  readonly slotImages: boolean;
  /** Manifest folder paths whose public ids the page needs (galleries, dialogs). */
  readonly folders: readonly string[];
}

/** A section reads the product list: by its type (the sections table), or for a card's product or a dialog. */
const readsProducts = (s: Section): boolean =>
  sectionOf(s.type).products !== undefined ||
  shownDialogs(s).length > 0 ||
  cardsOf(s).some((c) => c.product !== undefined);

/** Pure: the data a page's template and sections use. */
export function pageNeeds(page: Page): Needs {
  const sections = page.sections;
  const products =
    kindOf(page.kind).products ||
    (page.product !== undefined && !isGalleryKind(page.kind)) ||
    sections.some(readsProducts);
  const slotImages =
    page.hero?.slot !== undefined ||
    sections.some((s) => showsProductCards(s) || cardsOf(s).some((c) => c.slot !== undefined));
  return { products, slotImages, folders: lookedUpFolders(page) };
}
