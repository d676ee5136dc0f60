import { islandStore, toastAtom, type ToastRequest } from '../islands/store.ts';

let toaster: Promise<void> | null = null;

/**
 * Asks for a toast through the islands' shared store. The toaster is its own root, loaded and made on
 * the first toast (no page renders it on the server; a page that never toasts never loads it).
 */
function notify(kind: ToastRequest['kind'], message: string): void {
  islandStore.set(toastAtom, { kind, message, at: Date.now() });
  toaster ??= import('./Toaster.tsx').then((m) => m.mountToaster());
}

/** Shows an error toast (replacing the one shown, if any). */
export const notifyError = (message: string): void => notify('error', message);

/** Shows a success toast (replacing the one shown, if any). */
export const notifySuccess = (message: string): void => notify('success', message);
