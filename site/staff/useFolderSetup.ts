import { useState } from 'react';
import useSWR from 'swr';
import type { ApiScanResult } from '../../engine/shared/api.ts';
import { fillText } from '../../engine/placeholders.ts';
import {
  STAFF_API,
  type CreateFoldersResult,
  type FolderSetupPayload,
  type FolderSetupState,
} from '../../engine/shared/staff.ts';
import type { TextKey } from '../../engine/texts.ts';
import { fetchJson } from '../data/fetcher.ts';
import { errorText } from './errors.ts';
import { notify } from './toast.tsx';

/** POST with a JSON content type (the spec's scan call has no body), reading the JSON answer. */
const post = <T>(url: string, body?: unknown): Promise<T> =>
  fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/**
 * The folder checklist's state (kept fresh by swr, the server's first) and what its buttons do: copy a
 * path, mark a folder done, scan the storage, create the missing folders; each says how it went in a toast.
 */
export function useFolderSetup(payload: FolderSetupPayload) {
  const { texts, folders } = payload;
  const { data, mutate } = useSWR<FolderSetupState>(STAFF_API.folderSetup, fetchJson, {
    fallbackData: payload.state,
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
  const [busy, setBusy] = useState<'scan' | 'create' | null>(null);
  const done = new Set(data?.done ?? []);
  const count = folders.filter((f) => done.has(f.path)).length;
  const t = (key: TextKey, vars: Record<string, string | number> = {}): string => fillText(texts[key] ?? '', vars);

  const copy = async (path: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(path);
    } catch {
      // No clipboard (permission refused, not a secure context): show the path to copy by hand.
      notify.error(t('copyFailedTitle'), path);
      return;
    }
    notify.success(t('copiedTitle'), t('copiedBody', { path }));
  };

  const mark = async (path: string): Promise<void> => {
    try {
      const state = await post<FolderSetupState>(STAFF_API.mark, { path, done: true });
      await mutate(state, { revalidate: false });
      notify.success(t('markedTitle'), t('markedBody', { path }));
    } catch (error) {
      notify.error(t('markFailedTitle'), errorText(error) || path);
      await mutate().catch(() => undefined);
    }
  };

  const scan = async (): Promise<void> => {
    setBusy('scan');
    try {
      const { foundFolders } = await post<ApiScanResult>(STAFF_API.scan);
      await mutate();
      notify.success(t('scanDoneTitle'), t('scanDoneBody', { n: foundFolders.length }));
    } catch {
      notify.error(t('scanFailedTitle'), t('scanFailedBody'));
    } finally {
      setBusy(null);
    }
  };

  const createMissing = async (): Promise<void> => {
    setBusy('create');
    try {
      const state = await post<CreateFoldersResult>(STAFF_API.createMissing);
      await mutate({ done: state.done }, { revalidate: false });
      notify.success(t('createdTitle'), t('createdBody', { n: state.created.length }));
    } catch (error) {
      notify.error(t('createFailedTitle'), errorText(error));
      await mutate().catch(() => undefined);
    } finally {
      setBusy(null);
    }
  };

  return { done, count, total: folders.length, busy, t, copy, mark, scan, createMissing };
}

/** The folder checklist as the setup page's parts read and change it. */
export type FolderChecklist = ReturnType<typeof useFolderSetup>;
