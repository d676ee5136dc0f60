import { useEffect, useState } from 'react';
import type { CheckResult, ManifestFile } from '../../../engine/shared/manifest.ts';
import { errorText } from '../errors.ts';
import { checkDraft } from './api.ts';

/** How long typing pauses before the draft is checked. */
export const CHECK_DELAY_MS = 400;

export interface CheckState {
  /** The last answer, and the files it is about (the current draft's when they are the same object). */
  readonly result: CheckResult | null;
  readonly checked: readonly ManifestFile[] | null;
  readonly checking: boolean;
  /** The check could not run (the server's text, or empty when it gave none). */
  readonly failed: string | null;
}

/** The project's checker over the draft, on the server, each time typing pauses; a newer edit cancels the call. */
export function useCheck(files: readonly ManifestFile[] | undefined): CheckState {
  const [state, setState] = useState<CheckState>({ result: null, checked: null, checking: false, failed: null });

  useEffect(() => {
    if (!files) return;
    setState((s) => ({ ...s, checking: true }));
    const abort = new AbortController();
    const timer = setTimeout(() => {
      checkDraft(files, abort.signal).then(
        (result) => setState({ result, checked: files, checking: false, failed: null }),
        (error: unknown) => {
          if (abort.signal.aborted) return;
          setState((s) => ({ ...s, checking: false, failed: errorText(error) || String(error) }));
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [files]);

  return state;
}
