import { lazy, Suspense } from 'react';
import useSWR from 'swr';
import { MANIFEST_API, type LiveManifest } from '../../../engine/shared/manifest.ts';
import type { ManifestEditorPayload } from '../../../engine/shared/staff.ts';
import { fetchJson } from '../../data/fetcher.ts';
import { StatusLine } from '../manifest/StatusLine.tsx';
import { translator } from '../manifest/texts.ts';
import { Muted, Notice } from '../ui.tsx';

/** The editor itself (CodeMirror, the yaml document API, the diffs): loaded by this page only. */
const Workspace = lazy(() => import('../manifest/Workspace.tsx').then((m) => ({ default: m.Workspace })));

/** The live manifest as the server has it now, never a cached copy. */
const fetchLive = (url: string): Promise<LiveManifest> => fetchJson<LiveManifest>(url, { cache: 'no-store' });

/**
 * Manifest Editor: the manifest's files in a code editor, checked by the project's checker as staff
 * type, published as versions (compare-and-swap), with the history, rollback and each server's version.
 */
export default function ManifestEditor({ payload }: { readonly payload: ManifestEditorPayload }) {
  const t = translator(payload.texts);
  const live = useSWR<LiveManifest>(MANIFEST_API.live, fetchLive, { revalidateOnFocus: false });
  return (
    <>
      <h1>{payload.heading}</h1>
      <StatusLine t={t} />
      {live.error && <Notice role="alert">{t('loadFailed')}</Notice>}
      <Suspense fallback={<Muted>{t('loading')}</Muted>}>
        {live.data ? (
          <Workspace live={live.data} texts={payload.texts} t={t} />
        ) : (
          !live.error && <Muted>{t('loading')}</Muted>
        )}
      </Suspense>
    </>
  );
}
