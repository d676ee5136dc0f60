/**
 * Islands: the parts of a visitor page that hydrate in the browser, each its own React root with its
 * own props. Everything else is server HTML that ships no component code. Which islands a page has
 * follows from its kind and sections (engine/islands.ts); what the browser needs to know of them is here.
 */
export const ISLAND_NAMES = ['menu', 'gallery', 'dialog', 'consultation'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/**
 * When an island's script comes. Each works without it (links, a form that posts, a popover), so only
 * a gallery loads it with the page:
 * - `boot`: once the page's largest paint has arrived (the gallery: Refresh, the viewer, the rest of
 *   a big folder);
 * - `intent`: when the visitor first reaches for an island (pointer over it, focus in it, a touch, a
 *   click on a button that waits for it, which is then carried out): gallery dialogs, the form;
 * - `open`: when its popover first opens (the phone menu).
 * A page loads its script at the earliest its islands ask for; a page whose islands all wait loads
 * no JavaScript with the page.
 */
export type IslandWhen = 'boot' | 'intent' | 'open';
export const ISLAND_WHEN: Readonly<Record<IslandName, IslandWhen>> = {
  menu: 'open',
  gallery: 'boot',
  dialog: 'intent',
  consultation: 'intent',
};

/** Of several islands' `when`, the earliest. */
export const earliestWhen = (names: readonly IslandName[]): IslandWhen | null =>
  (['boot', 'intent', 'open'] as const).find((w) => names.some((n) => ISLAND_WHEN[n] === w)) ?? null;

/** A button that waits for its island: the boot script keeps a click on it and the island carries it out. */
export const AWAIT_ISLAND_ATTR = 'data-await-island';
export const CLICKED_ATTR = 'data-clicked';
/** The gallery dialog's shell the boot script opens for such a click; the island's dialog replaces it. */
export const BOOT_DIALOG_ATTR = 'data-boot-dialog';
/** A link tapped to navigate, until the next page comes (the boot script sets it). */
export const PENDING_ATTR = 'data-pending';

/** Attributes of the HTML around an island: its name, and the element React hydrates. */
export const ISLAND_ATTR = 'data-island';
/** Marks the server's rendition of a photo address (the gallery island removes it when its viewer opens). */
export const PHOTO_VIEW_ATTR = 'data-photo-view';
export const ISLAND_ROOT_ATTR = 'data-island-root';
/** The `ui` texts of a page with islands, one JSON script for all of them. */
export const UI_TEXTS_ID = 'site-ui';

/**
 * Static images (outside islands) keep the spec's fallback chain without React: the boot script's one
 * delegated handler retries a failed image once, then tries its next source (`data-fallbacks`, URLs
 * separated by spaces), then hides it (`data-on-fail="hide"`) or puts a grey box of this class there.
 */
export const IMAGE_FALLBACKS_ATTR = 'data-fallbacks';
export const IMAGE_ON_FAIL_ATTR = 'data-on-fail';
export const IMAGE_PLACEHOLDER_CLASS = 'image-placeholder';
