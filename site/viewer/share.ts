import { notifySuccess } from '../components/Toasts.tsx';

/** Web Share where the browser has it (phones), else the link goes to the clipboard with a toast. */
export async function share(title: string, copied: string): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    await navigator.share({ title, url }).catch(() => undefined);
    return;
  }
  await navigator.clipboard?.writeText(url).then(
    () => notifySuccess(copied),
    () => undefined,
  );
}
