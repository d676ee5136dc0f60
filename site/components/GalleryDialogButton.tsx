import { Images } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { ApiProduct } from '../../engine/shared/api.ts';
import type { Section } from '../../engine/index.ts';
import { useShell } from '../app/context.ts';
import { useDialogSource } from '../data/sources.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { Button } from './ui.tsx';

type Dialog = NonNullable<Section['dialog']>;

const loadDialog = () => import('./GalleryDialog.tsx');
const GalleryDialog = lazy(loadDialog);

interface Props {
  readonly dialog: Dialog;
  /** The product of the card the button sits on ('{name} Gallery'). */
  readonly product?: ApiProduct | undefined;
  readonly vars?: Vars;
  readonly variant?: 'primary' | 'outline' | 'accent' | 'light';
}

/** What a dialog trigger spreads on its element: opens the dialog, preloads its code on hover and focus. */
export interface DialogTrigger {
  readonly 'aria-haspopup': 'dialog';
  readonly onClick: () => void;
  readonly onPointerEnter: () => void;
  readonly onFocus: () => void;
}

/**
 * The reusable gallery dialog behind any trigger (a button, a picture): the dialog's code and data load
 * when it opens; closing gives the focus back to the element that opened it.
 */
export function useGalleryDialog({ dialog, product, vars = {} }: Omit<Props, 'variant'>) {
  const { ui } = useShell();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const { source, lookupFailed, retryLookup } = useDialogSource(dialog, product);
  const names = { ...vars, ...(product ? { name: product.name } : {}) };
  const trigger: DialogTrigger = {
    'aria-haspopup': 'dialog',
    onClick: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    },
    onPointerEnter: () => void loadDialog(),
    onFocus: () => void loadDialog(),
  };
  const element: ReactNode = open && (
    <Suspense fallback={null}>
      <GalleryDialog
        title={fillText(dialog.title, names)}
        source={source}
        lookupFailed={lookupFailed}
        retryLookup={retryLookup}
        onClose={() => {
          setOpen(false);
          opener.current?.focus();
        }}
      />
    </Suspense>
  );
  return { trigger, element, label: fillText(dialog.button ?? ui['viewGallery'] ?? '', names) };
}

/** A button that opens the reusable gallery dialog. */
export function GalleryDialogButton({ variant = 'outline', ...props }: Props) {
  const { trigger, element, label } = useGalleryDialog(props);
  return (
    <>
      <Button type="button" variant={variant} {...trigger}>
        <Images size={18} aria-hidden="true" />
        {label}
      </Button>
      {element}
    </>
  );
}
