import type { TextKey } from '../../../engine/texts.ts';
import { useState } from 'react';
import useSWR from 'swr';
import type { ApiScanResult } from '../../../engine/shared/api.ts';
import { fetchJson } from '../../data/fetcher.ts';
import { fillText } from '../../../engine/placeholders.ts';
import { styled } from '../../styles/stitches.ts';
import {
  STAFF_API,
  type CreateFoldersResult,
  type FolderSetupPayload,
  type FolderSetupState,
} from '../../../engine/shared/staff.ts';
import { errorText } from '../errors.ts';
import { notify } from '../toast.tsx';
import { Bar, Button } from '../ui.tsx';

const Toolbar = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3', margin: '$5 0' });
const Path = styled('code', { fontSize: '0.95rem', wordBreak: 'break-word' });
const List = styled('ol', { listStyle: 'none', padding: 0, margin: '$5 0 $7', display: 'grid', gap: '$2' });
const Row = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $3',
  borderRadius: '$sm',
  backgroundColor: '$surface',
  variants: { done: { true: { backgroundColor: '$brandSoft' } } },
});
// The manifest's steps carry their own numbers ('Step 1: ...').
const Steps = styled('ol', { listStyle: 'none', padding: 0, maxWidth: '75ch', li: { marginBottom: '$3' } });
const Done = styled('span', { fontWeight: 700, color: '$brand' });
const Spacer = styled('span', { flex: 1 });

/** POST with a JSON content type (the spec's scan call has no body), reading the JSON answer. */
const post = <T,>(url: string, body?: unknown): Promise<T> =>
  fetchJson<T>(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/**
 * Folder setup: open the storage folder, scan what exists, create what is missing, and the checklist
 * of every folder the manifest uses (copy the path, mark it done), with the progress and the steps.
 */
export default function FolderSetup({ payload }: { readonly payload: FolderSetupPayload }) {
  const { texts, folders, root, instructions } = payload;
  const { data, mutate } = useSWR<FolderSetupState>(STAFF_API.folderSetup, fetchJson, {
    fallbackData: payload.state,
    shouldRetryOnError: false,
    revalidateOnFocus: true,
  });
  const [busy, setBusy] = useState<'scan' | 'create' | null>(null);
  const done = new Set(data?.done ?? []);
  const total = folders.length;
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

  return (
    <>
      <h1>{payload.heading}</h1>
      <Toolbar>
        {root.kind === 'drive' ? (
          <Button as="a" href={root.url} target="_blank" rel="noopener noreferrer">
            {t('openRoot')}
          </Button>
        ) : (
          <>
            <Button type="button" onClick={() => void copy(root.path)}>
              {t('openRoot')}
            </Button>
            <Path data-testid="local-root">{t('localRoot', { path: root.path })}</Path>
          </>
        )}
        <Button type="button" tone="secondary" onClick={() => void scan()} disabled={busy !== null}>
          {busy === 'scan' ? t('scanning') : t('scan')}
        </Button>
        <Button
          type="button"
          tone="secondary"
          onClick={() => void createMissing()}
          disabled={busy !== null || count === total}
        >
          {t('createMissing')}
        </Button>
      </Toolbar>
      <p role="status">{t('progress', { done: count, total })}</p>
      <Bar css={{ marginBottom: '$6' }} max={total} value={count} aria-label={t('progress', { done: count, total })} />
      {instructions && (
        <section aria-label={instructions.heading}>
          <h2>{instructions.heading}</h2>
          <Steps>
            {instructions.items.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </Steps>
        </section>
      )}
      <List>
        {folders.map((f) => {
          const isDone = done.has(f.path);
          return (
            <Row key={f.path} done={isDone} data-path={f.path} css={{ marginLeft: `${f.depth * 16}px` }}>
              <Path>{f.path}</Path>
              <Spacer />
              <Button type="button" tone="secondary" onClick={() => void copy(f.path)}>
                {t('copy')}
              </Button>
              {isDone ? (
                <Done>{t('done')}</Done>
              ) : (
                <Button type="button" onClick={() => void mark(f.path)}>
                  {t('markDone')}
                </Button>
              )}
            </Row>
          );
        })}
      </List>
    </>
  );
}
