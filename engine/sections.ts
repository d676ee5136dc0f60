/**
 * The section types: one row per type says everything the house needs to know about it. The schema's
 * `type` enum, the checks, the data the server fetches for a page, the folders and islands a page
 * shows, the sitemap's pictures, a staff tool's instructions and the component the site renders all
 * come from this table. Adding a section type is one row here and one component.
 */

import type { Card, Dialog, Page, Section } from './model.ts';
import type { IslandName } from './shared/islands.ts';

/** What a section's `items` are: cards, plain texts (or cards with a swatch), figure ids, or nothing it reads. */
export type SectionItems = 'cards' | 'texts' | 'figures' | 'none';

/**
 * What a section reads of the products (the server fetches the product list with the page):
 * - `intro`: the product it introduces (its own `product`, else the page's) and that product's folder
 *   picture, which the server fetches for the first paint;
 * - `cards`: the products its `filter` selects, as cards with their slot images (the server fetches
 *   the slot map too) or else their folders' pictures;
 * - `lookup`: products its cards or its dialog name.
 */
export type SectionProducts = 'intro' | 'cards' | 'lookup';

/** Where a section shows gallery dialogs: its own `dialog` (product cards: on each card), its cards' `dialog`s. */
export type DialogPlace = 'section' | 'cards';

export interface SectionDef {
  /** The module that renders it, relative to the repository root: a default-exported component taking SectionProps. */
  readonly component: string;
  readonly items: SectionItems;
  /** Keys each of its cards must have (the checks report a card without one). */
  readonly cardKeys?: readonly ('media' | 'href')[];
  readonly products?: SectionProducts;
  /** Its cards count media: the listing each card's `media` names is fetched with the page. */
  readonly counts?: boolean;
  /** Where it shows gallery dialogs; each dialog it shows adds the `dialog` island, and shows its folder. */
  readonly dialogs: readonly DialogPlace[];
  /** Islands it shows whatever it holds (engine/islands.ts; a dialog adds `dialog`). */
  readonly islands?: readonly IslandName[];
  /** On a staff tool's page it is the tool's instructions (its heading and its text items). */
  readonly instructions?: boolean;
}

const component = (name: string): string => `site/sections/${name}.tsx`;

/** The table. Keys in the order the schema lists them. */
export const SECTIONS = {
  'product-intro': {
    component: component('ProductIntro'),
    items: 'cards',
    products: 'intro',
    dialogs: ['section', 'cards'],
  },
  cards: { component: component('Cards'), items: 'cards', dialogs: ['cards'] },
  'product-cards': { component: component('ProductCards'), items: 'none', products: 'cards', dialogs: ['section'] },
  figures: { component: component('Figures'), items: 'figures', dialogs: [] },
  list: { component: component('List'), items: 'texts', dialogs: [], instructions: true },
  'gallery-button': { component: component('GalleryButton'), items: 'none', products: 'lookup', dialogs: ['section'] },
  'media-types': {
    component: component('MediaTypes'),
    items: 'cards',
    cardKeys: ['media', 'href'],
    products: 'lookup',
    counts: true,
    dialogs: [],
  },
  links: { component: component('Links'), items: 'cards', dialogs: [] },
} as const satisfies Record<string, SectionDef>;

export type SectionType = keyof typeof SECTIONS;

export const SECTION_TYPES = Object.keys(SECTIONS) as SectionType[];

/** The row of a section type. */
export const sectionOf = (type: SectionType): SectionDef => SECTIONS[type];

/** The cards among a section's items. */
export const cardsOf = (section: Section): Card[] => section.items.filter((i): i is Card => typeof i !== 'string');

/** The section is a product intro (its picture is the largest paint of a page that starts with it). */
export const isIntro = (section: Section): boolean => sectionOf(section.type).products === 'intro';

/** The section shows the products its filter selects as cards (with their slots and folder pictures). */
export const showsProductCards = (section: Section): boolean => sectionOf(section.type).products === 'cards';

/** The section's cards count the media their `media` names. */
export const countsMedia = (section: Section): boolean => sectionOf(section.type).counts === true;

/** The page declares a product intro among its sections. */
export const hasIntroSection = (page: Page): boolean => page.sections.some(isIntro);

/** The gallery dialogs a section shows (a dialog its type does not show is not there). */
export function shownDialogs(section: Section): Dialog[] {
  const places = sectionOf(section.type).dialogs;
  const own = places.includes('section') && section.dialog ? [section.dialog] : [];
  const cards = places.includes('cards') ? cardsOf(section).flatMap((c) => (c.dialog ? [c.dialog] : [])) : [];
  return [...own, ...cards];
}

/** A staff tool's instructions: the first section of its page whose type is instructions there. */
export function instructionsOf(page: Page): { heading: string; items: string[] } | null {
  const section = page.sections.find((s) => sectionOf(s.type).instructions === true);
  if (!section) return null;
  return { heading: section.heading ?? '', items: section.items.filter((i): i is string => typeof i === 'string') };
}

/** The component modules of the section types, each once. */
export const sectionComponents = (): string[] => [...new Set(SECTION_TYPES.map((t) => sectionOf(t).component))].sort();
