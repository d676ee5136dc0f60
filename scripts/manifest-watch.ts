import { watch, type FSWatcher } from 'node:fs';
import { loadCatalogue } from '../engine/node/read.ts';
import type { BuildResult } from '../engine/index.ts';

/**
 * Watches the manifest folder and checks it after each change (debounced): `onValid` runs only for
 * a manifest that builds, `onInvalid` gets the problems of one that does not, so that a running site
 * is never swapped for a broken one.
 */
export function watchManifest(
  dir: string,
  handlers: { onValid: () => void; onInvalid: (result: Extract<BuildResult, { ok: false }>) => void },
  debounceMs = 200,
): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  const check = (): void => {
    const result = loadCatalogue(dir);
    if (result.ok) handlers.onValid();
    else handlers.onInvalid(result);
  };
  const watcher = watch(dir, (_event, file) => {
    if (file && !/\.ya?ml$/.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(check, debounceMs);
  });
  watcher.on('close', () => clearTimeout(timer));
  return watcher;
}
