import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from 'react';
import { trapTab } from '../lib/focus.ts';

/**
 * A modal `<dialog>`, shown once mounted: Tab stays inside it, Esc and a click on its backdrop close it.
 * While `covered` is set (the viewer is open above it) Esc and Tab belong to what covers it.
 */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  const covered = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const handlers = {
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      // Esc belongs to the viewer while it is open.
      if (covered.current) e.preventDefault();
    },
    onKeyDown: (e: KeyboardEvent<HTMLDialogElement>) => {
      if (!covered.current) trapTab(e, ref.current);
    },
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === ref.current) ref.current?.close();
    },
  };
  return { ref, covered, handlers, close: () => ref.current?.close() };
}
