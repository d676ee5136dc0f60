import type { Page } from '../model.ts';
import { kindOf } from '../kinds.ts';
import { shownDialogs } from '../sections.ts';

/**
 * Which manifest folders a page shows: decided here once, for the server's page data (which folder
 * ids it looks up), the sitemap (whose photos a page lists) and folder health (which folders some
 * page shows, and what a gallery's folder should hold).
 */

/**
 * How a page shows a folder's files: as its gallery, as the folder of the product it is about (its
 * intro's picture; the product's own gallery is elsewhere), or in a gallery dialog (a section's own or
 * one of its cards'), by the folder's path.
 */
export type ShownBy = 'gallery' | 'product' | 'dialog';

export interface ShownFolder {
  /** The folder's path in the manifest. */
  readonly path: string;
  readonly by: ShownBy;
  /** A gallery's: the media it shows, when its kind says which. */
  readonly media?: 'images' | 'videos';
}

/**
 * The folders a page names and shows, each way once: its own folder (its gallery's, or its product's)
 * and the folders of the gallery dialogs its sections show (the sections table says which dialogs a
 * section shows; a card's dialog counts as the page's). Folders reached through a product or an
 * aggregate are not named here: the product list and the aggregates carry them.
 */
export function pageFolders(page: Page): ShownFolder[] {
  const found: ShownFolder[] = [];
  const add = (f: ShownFolder): void => {
    if (!found.some((g) => g.path === f.path && g.by === f.by)) found.push(f);
  };
  if (page.folder !== undefined) {
    const gallery = kindOf(page.kind).gallery;
    if (gallery?.source !== 'folder') add({ path: page.folder, by: 'product' });
    else if (gallery.media === 'by-media-type') add({ path: page.folder, by: 'gallery' });
    else add({ path: page.folder, by: 'gallery', media: gallery.media });
  }
  for (const s of page.sections)
    for (const dialog of shownDialogs(s)) if (dialog.folder !== undefined) add({ path: dialog.folder, by: 'dialog' });
  return found;
}

/** The folders whose public ids a page's parts read (galleries and dialogs by path; see SourceContext.folderIds). */
export const lookedUpFolders = (page: Page): string[] => [
  ...new Set(
    pageFolders(page)
      .filter((f) => f.by !== 'product')
      .map((f) => f.path),
  ),
];
