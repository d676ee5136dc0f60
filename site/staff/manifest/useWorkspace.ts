import { useEffect, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  MANIFEST_API,
  type DraftProblem,
  type LiveManifest,
  type ManifestFile,
} from '../../../engine/shared/manifest.ts';
import { fetchVersion } from './api.ts';
import { changedNames } from './draft.ts';
import type { JumpTo } from './CodeEditor.tsx';
import type { Translate } from './texts.ts';
import { useCheck } from './useCheck.ts';
import { useDraft } from './useDraft.ts';
import { usePublish } from './usePublish.ts';

/**
 * The editor's parts wired together: the draft, its check, publishing, the conflict (after a 409, or
 * a draft kept in this browser for a version that is no longer live), and where the cursor goes.
 */
export function useWorkspace(live: LiveManifest, t: Translate) {
  const draftApi = useDraft(live);
  const { draft, stale } = draftApi;
  const check = useCheck(draft?.files);
  const { mutate } = useSWRConfig();
  const [jumpTo, setJumpTo] = useState<JumpTo | null>(null);

  const refresh = (): void => {
    for (const key of [MANIFEST_API.live, MANIFEST_API.versions, MANIFEST_API.status]) void mutate(key);
  };
  const published = (n: number, files: readonly ManifestFile[]): void => {
    draftApi.rebase(n, files);
    refresh();
  };
  const publish = usePublish({ draft, check, t, onPublished: published });
  const { setConflict } = publish;

  useEffect(() => {
    if (!stale) return;
    let gone = false;
    fetchVersion(stale.base).then(
      (base) => {
        if (gone) return;
        const live1 = { number: live.version, files: live.files };
        setConflict({
          base: { number: base.number, files: base.files },
          live: live1,
          draft: stale.files,
          taken: false,
        });
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [stale, live, setConflict]);

  const active = draft?.active ?? '';
  const problems = check.result?.problems;
  const fileProblems = useMemo(() => (problems ?? []).filter((p) => p.file === active), [problems, active]);
  const perFile = useMemo(() => {
    const counts = new Map<string, number>();
    for (const p of problems ?? []) counts.set(p.file, (counts.get(p.file) ?? 0) + 1);
    return counts;
  }, [problems]);
  const edited = useMemo(() => (draft ? changedNames(draft.files, draft.baseFiles) : new Set<string>()), [draft]);

  return {
    ...draftApi,
    check,
    current: !!draft && check.checked === draft.files,
    publish,
    published,
    jumpTo,
    fileProblems,
    edited,
    perFile,
    jump: (p: DraftProblem): void => {
      draftApi.select(p.file);
      setJumpTo({ line: p.line, col: p.col });
    },
    /** A guided addition wrote into a file: show it there, the cursor on what it added. */
    inserted: (file: string, text: string, line: number): void => {
      draftApi.edit(file, text);
      draftApi.select(file);
      setJumpTo({ line, col: 1 });
    },
    takeLive: (): void => {
      const c = publish.conflict;
      if (!c) return;
      draftApi.rebase(c.live.number, c.live.files);
      setConflict({ ...c, taken: true });
      refresh();
    },
    closeConflict: (): void => {
      setConflict(null);
      draftApi.dropStale();
    },
  };
}
