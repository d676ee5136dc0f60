import type { Card, Page, Section } from './model.ts';
import { kindOf } from './kinds.ts';
import { ISLAND_NAMES, type IslandName } from './shared/islands.ts';

/**
 * Which islands a page shows: from its kind (the kinds table's `islands`) and the sections it
 * declares. The server renders what a page's parts ask for; this says the same from the manifest alone.
 */

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
