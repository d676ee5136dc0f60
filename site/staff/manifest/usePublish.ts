import { useState } from 'react';
import type { ManifestFile, Version } from '../../../engine/shared/manifest.ts';
import { errorText } from '../errors.ts';
import { notify } from '../toast.tsx';
import { publishDraft } from './api.ts';
import type { CheckState } from './useCheck.ts';
import type { DraftState } from './useDraft.ts';

/** What moved under a draft: the version it started from, the version live now, and the draft itself. */
export interface Conflict {
  readonly base: { readonly number: number; readonly files: readonly ManifestFile[] };
  readonly live: Pick<Version, 'number' | 'files'>;
  readonly draft: readonly ManifestFile[];
  /** Staff took the live files into the editor; the panel stays to show the earlier draft. */
  readonly taken: boolean;
}

type T = (key: 'publishedTitle' | 'publishedBody' | 'publishFailedTitle', vars?: Record<string, number>) => string;

/**
 * Publishing the draft (signed by the signed-in person's account on the server): the note, and the
 * compare-and-swap on the draft's base. Refused in the browser while the last check of this very
 * draft found problems; a 409 becomes a `Conflict`, nothing overwritten.
 */
export function usePublish(opts: {
  readonly draft: DraftState | null;
  readonly check: CheckState;
  readonly t: T;
  readonly onPublished: (number: number, files: readonly ManifestFile[]) => void;
}) {
  const { draft, check, t } = opts;
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);

  const hasProblems = check.checked === draft?.files && check.result?.ok === false;

  const publish = async (): Promise<void> => {
    if (!draft || busy) return;
    setRefused(hasProblems);
    if (hasProblems) return;
    setBusy(true);
    try {
      const files = draft.files;
      const outcome = await publishDraft({ baseVersion: draft.base, files, note: note.trim() });
      if (outcome.ok) {
        setNote('');
        setConflict(null);
        opts.onPublished(outcome.published.version.number, files);
        notify.success(t('publishedTitle'), t('publishedBody', { n: outcome.published.version.number }));
      } else {
        const base = { number: draft.base, files: draft.baseFiles };
        setConflict({ base, live: outcome.conflict.live, draft: files, taken: false });
      }
    } catch (error) {
      notify.error(t('publishFailedTitle'), errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return { note, setNote, busy, refused: refused && hasProblems, conflict, setConflict, publish };
}

export type PublishApi = ReturnType<typeof usePublish>;
