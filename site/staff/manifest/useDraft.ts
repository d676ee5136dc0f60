import { useEffect, useState } from 'react';
import type { LiveManifest, ManifestFile } from '../../../engine/shared/manifest.ts';
import { clearDraft, loadDraft, newestDraftBase, saveDraft, type DraftStore } from './draft.ts';

/** The editor's draft: the version it started from (its files too), the files as edited, the file shown. */
export interface DraftState {
  readonly base: number;
  readonly baseFiles: readonly ManifestFile[];
  readonly files: readonly ManifestFile[];
  readonly active: string;
  /** The draft came back from this browser's storage. */
  readonly restored: boolean;
}

/** A draft kept in the browser for a version older than the live one (another publish came since). */
export interface StaleDraft {
  readonly base: number;
  readonly files: readonly ManifestFile[];
}

const AUTOSAVE_MS = 300;
const store = (): DraftStore => window.localStorage;

function startFrom(live: LiveManifest): { state: DraftState; stale: StaleDraft | null } {
  const kept = loadDraft(store(), live.version);
  const files = kept?.files ?? live.files;
  const state = { base: live.version, baseFiles: live.files, files, active: files[0]?.name ?? '', restored: !!kept };
  const older = kept ? null : newestDraftBase(store());
  const stale = older !== null && older < live.version ? loadDraft(store(), older) : null;
  return { state, stale };
}

/**
 * The draft, started from the live version when it first arrives (or restored from this browser),
 * autosaved per base version as staff type.
 */
export function useDraft(live: LiveManifest | undefined) {
  const [draft, setDraft] = useState<DraftState | null>(null);
  const [stale, setStale] = useState<StaleDraft | null>(null);

  useEffect(() => {
    if (!live || draft) return;
    const start = startFrom(live);
    setDraft(start.state);
    setStale(start.stale);
  }, [live, draft]);

  useEffect(() => {
    if (!draft) return;
    const timer = setTimeout(() => saveDraft(store(), draft, draft.baseFiles), AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const update = (change: (d: DraftState) => DraftState): void => setDraft((d) => (d ? change(d) : d));
  return {
    draft,
    stale,
    edit: (name: string, text: string) =>
      update((d) => ({ ...d, files: d.files.map((f) => (f.name === name ? { name, text } : f)) })),
    select: (name: string) => update((d) => ({ ...d, active: name })),
    addFile: (name: string, text: string) =>
      update((d) => ({ ...d, files: [...d.files, { name, text }], active: name })),
    discard: () =>
      update((d) => {
        clearDraft(store(), d.base);
        return { ...d, files: d.baseFiles, restored: false };
      }),
    /** Starts again from a version (the live one after a conflict, or the one just published). */
    rebase: (base: number, files: readonly ManifestFile[]) => {
      update((d) => {
        clearDraft(store(), d.base);
        const active = files.some((f) => f.name === d.active) ? d.active : (files[0]?.name ?? '');
        return { base, baseFiles: files, files, active, restored: false };
      });
    },
    /** The older draft was dealt with (its files are in the conflict view until staff close it). */
    dropStale: () => {
      if (stale) clearDraft(store(), stale.base);
      setStale(null);
    },
  };
}
