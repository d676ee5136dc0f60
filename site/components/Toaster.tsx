import { Provider, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast } from 'react-hot-toast';
import { islandStore, toastAtom } from '../islands/store.ts';

/** Toasts: one visible at a time (one id), 5000 ms. */
const TOAST_ID = 'site-toast';
const DURATION = 5000;
/** Spec §9: toasts are at most 420 px wide (the library's default is 350 px); narrower on a phone. */
const STYLE = { maxWidth: 'min(420px, calc(100vw - 32px))' } as const;

/** The toaster island: shows the toast the shared store asks for, replacing the one shown. */
function ToastIsland() {
  const request = useAtomValue(toastAtom);
  useEffect(() => {
    if (request) toast[request.kind](request.message, { id: TOAST_ID, duration: DURATION });
  }, [request]);
  // At the bottom: the sticky header and its navigation stay in reach while a toast shows.
  return <Toaster position="bottom-center" toastOptions={{ duration: DURATION, style: STYLE }} />;
}

/** Makes the toaster's root (once) at the end of the page, on the islands' shared store. */
export function mountToaster(): void {
  const host = document.createElement('div');
  host.setAttribute('data-toasts', '');
  document.body.append(host);
  createRoot(host).render(
    <Provider store={islandStore}>
      <ToastIsland />
    </Provider>,
  );
}
