import type { ApiProduct } from '../../engine/shared/api.ts';
import type { Section } from '../../engine/index.ts';
import { keys } from '../../engine/shared/keys.ts';
import { dialogLookup, dialogSource } from '../../engine/shared/sources.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { usePage, useShell } from '../app/context.ts';
import { usePageProducts } from '../data/page-data.ts';
import type { DialogIslandProps } from '../islands/dialog.island.tsx';
import { Island } from '../islands/Island.tsx';

type Dialog = NonNullable<Section['dialog']>;

interface Props {
  readonly dialog: Dialog;
  /** The product of the card the button sits on ('{name} Gallery'). */
  readonly product?: ApiProduct | undefined;
  readonly vars?: Vars;
  readonly variant?: DialogIslandProps['variant'];
  /** Other elements with `data-opens-dialog` set to this open the dialog too. */
  readonly trigger?: string;
}

/** The gallery page that shows a dialog's folder (its button links there until its island is live). */
export function useDialogHref(dialog: Dialog, product?: ApiProduct): string | undefined {
  const { galleries, productFolders } = useShell();
  const folder = dialog.folder ?? productFolders[dialog.product ?? product?.id ?? ''];
  return folder === undefined ? undefined : galleries[folder];
}

/**
 * Server render: a gallery-dialog button, as an island. What the dialog shows is decided here, from
 * the page's data (engine/shared/sources.ts); the island gets the answer, or what to look up again
 * when the lookup failed (the dialog then says so, never "empty").
 */
export function GalleryDialogButton({ dialog, product, vars = {}, variant = 'outline', trigger }: Props) {
  const { ui } = useShell();
  const { payload } = usePage();
  const products = usePageProducts();
  const ctx = { page: payload.page, vars: payload.vars, products: products.products, folderIds: payload.folderIds };
  const source = dialogSource(ctx, dialog, product);
  const lookup = dialogLookup(dialog, product);
  const failed =
    source === null &&
    lookup !== null &&
    (lookup === 'products' ? products.failed : payload.errors.includes(keys.folderLookup(lookup.folder)));
  const names = { ...vars, ...(product ? { name: product.name } : {}) };
  const href = useDialogHref(dialog, product);
  const again = lookup === 'products' ? { product: dialog.product ?? '' } : lookup;
  return (
    <Island
      name="dialog"
      props={{
        title: fillText(dialog.title, names),
        label: fillText(dialog.button ?? ui['viewGallery'] ?? '', names),
        variant,
        source,
        ...(failed && again ? { lookup: again } : {}),
        ...(href ? { href } : {}),
        pagePath: payload.path,
        ...(trigger ? { trigger } : {}),
      }}
    />
  );
}
