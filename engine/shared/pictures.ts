import { cardsOf, isIntro, showsProductCards } from '../sections.ts';
import { sourceKey, type MediaSource } from './keys.ts';
import { filterProducts } from './products.ts';
import { pageFolders } from './shown-folders.ts';
import { firstPaintMedia, introProduct, ownIntro, type SourceContext } from './sources.ts';

/**
 * Which pictures a page shows, decided here once: the page payload resolves their renditions with it,
 * the sitemap lists them (`image:image`). Pure; the caller turns slot ids into URLs and folder ids into
 * covers.
 */
export interface PagePictures {
  /**
   * Slot ids whose image shows: the hero, the cards' slots, and the products the product cards and
   * intros show (a product's slot is keyed by its id; one with no image simply shows none).
   */
  readonly slots: readonly string[];
  /** Folder ids whose cover shows: product intros' and product cards' pictures (firstPaintMedia). */
  readonly covers: readonly string[];
  /** The listings whose photos the page shows: its gallery's and those of its gallery dialogs' folders. */
  readonly listings: readonly MediaSource[];
}

function unique<T>(items: readonly T[], key: (item: T) => string = String): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && Boolean(seen.add(key(item))));
}

export function pagePictures(ctx: SourceContext): PagePictures {
  const { page } = ctx;
  const slots: string[] = page.hero?.slot ? [page.hero.slot] : [];
  for (const s of page.sections) {
    for (const card of cardsOf(s)) if (card.slot) slots.push(card.slot);
    if (showsProductCards(s)) for (const p of filterProducts(ctx.products, s.filter)) slots.push(p.id);
  }
  const intros = page.sections.filter(isIntro).map((s) => introProduct(ctx, s));
  if (ownIntro(page)) intros.push(introProduct(ctx, undefined));
  for (const p of intros) if (p) slots.push(p.id);
  const shown = firstPaintMedia(ctx);
  const dialogs = pageFolders(page).flatMap((f) => {
    const id = f.by === 'dialog' ? ctx.folderIds[f.path] : null;
    return id ? [{ folderId: id }] : [];
  });
  return {
    slots: unique(slots),
    covers: unique([...shown.previews, ...shown.pictures]),
    listings: unique([...(shown.gallery ? [shown.gallery] : []), ...dialogs], sourceKey),
  };
}
