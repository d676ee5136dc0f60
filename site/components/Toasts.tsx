import { lazy, Suspense, useEffect, useState } from 'react';

/** Toasts: one visible at a time (one id), 5000 ms. The library loads on the first toast. */
const TOAST_ID = 'site-toast';
const DURATION = 5000;
/** Spec §9: toasts are at most 420 px wide (the library's default is 350 px); narrower on a phone. */
const STYLE = { maxWidth: 'min(420px, calc(100vw - 32px))' } as const;

const LazyToaster = lazy(() =>
  import('react-hot-toast').then(({ Toaster }) => ({
    default: () => <Toaster position="top-center" toastOptions={{ duration: DURATION, style: STYLE }} />,
  })),
);

const wanted = new Set<() => void>();
let mounted = false;

/** Shows an error toast (replacing the one shown, if any). */
export function notifyError(message: string): void {
  void import('react-hot-toast').then(({ toast }) => {
    mounted = true;
    for (const show of wanted) show();
    toast.error(message, { id: TOAST_ID, duration: DURATION });
  });
}

/** Shows a success toast (replacing the one shown, if any). */
export function notifySuccess(message: string): void {
  void import('react-hot-toast').then(({ toast }) => {
    mounted = true;
    for (const show of wanted) show();
    toast.success(message, { id: TOAST_ID, duration: DURATION });
  });
}

/** Where toasts render; mounts the toaster once the first toast is asked for. */
export function ToastHost() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (mounted) setOn(true);
    const show = () => setOn(true);
    wanted.add(show);
    return () => {
      wanted.delete(show);
    };
  }, []);
  return on ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
