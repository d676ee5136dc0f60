import type { Card, Page, Section } from '../model.ts';
import { kindOf } from '../kinds.ts';

/**
 * Islands: the parts of a visitor page that hydrate in the browser, each its own React root with its
 * own props. Everything else is server HTML that ships no component code. Which islands a page has
 * follows from its kind (the kinds table's `islands`) and the sections it declares (`sectionIslands`).
 */
export const ISLAND_NAMES = ['menu', 'gallery', 'dialog', 'consultation'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * When an island hydrates: `boot` once the page's largest paint has arrived, `open` when its popover
 * first opens (the phone menu works as a popover without it, so a page with no other island loads no
 * script until then).
 */
export const ISLAND_WHEN: Readonly<Record<IslandName, 'boot' | 'open'>> = {
  menu: 'open',
  gallery: 'boot',
  dialog: 'boot',
  consultation: 'boot',
};

/** Attributes of the HTML around an island: its name, and the element React hydrates. */
export const ISLAND_ATTR = 'data-island';
export const ISLAND_ROOT_ATTR = 'data-island-root';
/** The `ui` texts of a page with islands, one JSON script for all of them. */
export const UI_TEXTS_ID = 'site-ui';

const cardsOf = (s: Section): Card[] => s.items.filter((i): i is Card => typeof i !== 'string');

/** The islands a section adds: a gallery dialog of its own, of one of its cards, or of each product card. */
export function sectionIslands(section: Section): IslandName[] {
  const dialog = section.dialog !== undefined || cardsOf(section).some((c) => c.dialog !== undefined);
  return dialog ? ['dialog'] : [];
}

/** Every island a page may show, in a fixed order (the menu on every visitor page). */
export function pageIslands(page: Page): IslandName[] {
  if (page.staff) return [];
  const found = new Set<IslandName>(['menu', ...(kindOf(page.kind).islands ?? [])]);
  for (const s of page.sections) for (const name of sectionIslands(s)) found.add(name);
  return ISLAND_NAMES.filter((n) => found.has(n));
}

/**
 * Static images (outside islands) keep the spec's fallback chain without React: the boot script's one
 * delegated handler retries a failed image once, then tries its next source (`data-fallbacks`, URLs
 * separated by spaces), then hides it (`data-on-fail="hide"`) or puts a grey box of this class there.
 */
export const IMAGE_FALLBACKS_ATTR = 'data-fallbacks';
export const IMAGE_ON_FAIL_ATTR = 'data-on-fail';
export const IMAGE_PLACEHOLDER_CLASS = 'image-placeholder';
