import type { Page, Section } from './model.ts';
import { kindOf } from './kinds.ts';
import { sectionOf, shownDialogs } from './sections.ts';
import { ISLAND_NAMES, type IslandName } from './shared/islands.ts';

/**
 * Which islands a page shows: from its kind (the kinds table's `islands`) and the sections it
 * declares (the sections table's). The server renders what a page's parts ask for; this says the
 * same from the manifest alone.
 */

/** The islands a section adds: its type's own, and `dialog` when it shows a gallery dialog. */
export function sectionIslands(section: Section): IslandName[] {
  const own = sectionOf(section.type).islands ?? [];
  return shownDialogs(section).length > 0 ? [...own, 'dialog'] : [...own];
}

/** Every island a page may show, in a fixed order (the menu on every visitor page). */
export function pageIslands(page: Page): IslandName[] {
  if (page.staff) return [];
  const found = new Set<IslandName>(['menu', ...(kindOf(page.kind).islands ?? [])]);
  for (const s of page.sections) for (const name of sectionIslands(s)) found.add(name);
  return ISLAND_NAMES.filter((n) => found.has(n));
}
