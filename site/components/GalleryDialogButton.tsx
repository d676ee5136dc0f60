import { Images } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ApiProduct } from '../../engine/api.ts';
import type { Section } from '../../engine/index.ts';
import { usePage, useShell } from '../app/context.ts';
import { useProducts } from '../data/hooks.ts';
import type { MediaSource } from '../../engine/contract/keys.ts';
import { productById } from '../../engine/contract/products.ts';
import { fillText, type Vars } from '../../engine/contract/text.ts';
import { Button } from './ui.tsx';

type Dialog = NonNullable<Section['dialog']>;

const loadDialog = () => import('./GalleryDialog.tsx');
const GalleryDialog = lazy(loadDialog);

/** What a dialog shows: an aggregate, a manifest folder, its product's folder, or the card's product. */
export function useDialogSource(dialog: Dialog, product?: ApiProduct): MediaSource | null {
  const { payload } = usePage();
  const { data: products = [] } = useProducts();
  if (dialog.aggregate) return { aggregate: dialog.aggregate };
  if (dialog.folder) {
    const id = payload.folderIds[dialog.folder];
    return id ? { folderId: id } : null;
  }
  const owner = dialog.product ? productById(products, dialog.product) : product;
  return owner?.driveFolderId ? { folderId: owner.driveFolderId } : null;
}

interface Props {
  readonly dialog: Dialog;
  /** The product of the card the button sits on ('{name} Gallery'). */
  readonly product?: ApiProduct;
  readonly vars?: Vars;
  readonly variant?: 'primary' | 'outline' | 'accent' | 'light';
}

/** A button that opens the reusable gallery dialog; the dialog's code and data load when opened. */
export function GalleryDialogButton({ dialog, product, vars = {}, variant = 'outline' }: Props) {
  const { ui } = useShell();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const source = useDialogSource(dialog, product);
  const names = { ...vars, ...(product ? { name: product.name } : {}) };
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant={variant}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <Images size={18} aria-hidden="true" />
        {fillText(dialog.button ?? ui['viewGallery'] ?? '', names)}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <GalleryDialog
            title={fillText(dialog.title, names)}
            source={source}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
