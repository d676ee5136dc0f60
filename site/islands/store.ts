import { atom, createStore } from 'jotai';

/**
 * The one jotai store every island root is given: the state islands share lives here, not in a
 * whole-page tree (a toast raised by the form and shown by the toaster; the photo the gallery's viewer
 * shows, which is also the address bar's).
 */
export const islandStore = createStore();

export interface ToastRequest {
  readonly kind: 'success' | 'error';
  readonly message: string;
  /** Tells two equal messages apart (the second still shows). */
  readonly at: number;
}

/** The latest toast asked for (the toaster shows it, replacing the one shown). */
export const toastAtom = atom<ToastRequest | null>(null);

/** The slug of the photo the viewer shows (also in the address: `<gallery>/photo/<slug>`), or null. */
export const photoAtom = atom<string | null>(null);
