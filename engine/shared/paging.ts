/**
 * Big folders: a page carries the first screenful of a listing and grows as the visitor scrolls.
 * One number for the server (how many items go into the page) and the browser (how many tiles it
 * shows before "Show more"), so that hydration renders what the server rendered.
 */
export const PAGE_ITEMS = 48;

/** A listing cut to what a page carries, with the whole length when it was cut. Pure. */
export function firstScreen<T>(items: readonly T[]): { items: readonly T[]; total?: number } {
  return items.length > PAGE_ITEMS ? { items: items.slice(0, PAGE_ITEMS), total: items.length } : { items };
}
