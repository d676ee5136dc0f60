import { MANIFEST_FILE_NAME, type ManifestFile } from '../../../engine/shared/manifest.ts';

/** A draft: the files as staff edit them, and the version they started from (the publish's base). */
export interface Draft {
  readonly base: number;
  readonly files: readonly ManifestFile[];
}

/** The storage the draft and the author live in: `localStorage` in the browser, a stand-in in tests. */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

const PREFIX = 'manifest-draft:';

const isFile = (f: unknown): f is ManifestFile =>
  typeof (f as ManifestFile | null)?.name === 'string' && typeof (f as ManifestFile | null)?.text === 'string';

/** The same files with the same texts, whatever their order. */
export function sameFiles(a: readonly ManifestFile[], b: readonly ManifestFile[]): boolean {
  if (a.length !== b.length) return false;
  const texts = new Map(b.map((f) => [f.name, f.text]));
  return a.every((f) => texts.get(f.name) === f.text);
}

/** The names of the files a draft adds or changes against `base`. */
export function changedNames(files: readonly ManifestFile[], base: readonly ManifestFile[]): Set<string> {
  const texts = new Map(base.map((f) => [f.name, f.text]));
  return new Set(files.filter((f) => texts.get(f.name) !== f.text).map((f) => f.name));
}

/** The draft kept for a base version, if the store holds a readable one. */
export function loadDraft(store: DraftStore, base: number): Draft | null {
  try {
    const files = JSON.parse(store.getItem(`${PREFIX}${base}`) ?? 'null') as unknown;
    return Array.isArray(files) && files.length > 0 && files.every(isFile) ? { base, files } : null;
  } catch {
    return null;
  }
}

/** The newest base version any kept draft started from (a draft may outlive the version it began on). */
export function newestDraftBase(store: DraftStore): number | null {
  let newest: number | null = null;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    const n = key?.startsWith(PREFIX) ? Number(key.slice(PREFIX.length)) : NaN;
    if (Number.isInteger(n) && (newest === null || n > newest)) newest = n;
  }
  return newest;
}

/** Keeps the draft; a draft equal to its base is no draft, and what was kept for the base goes. */
export function saveDraft(store: DraftStore, draft: Draft, baseFiles: readonly ManifestFile[]): void {
  if (sameFiles(draft.files, baseFiles)) {
    clearDraft(store, draft.base);
    return;
  }
  try {
    store.setItem(`${PREFIX}${draft.base}`, JSON.stringify(draft.files));
  } catch {
    // A full or forbidden storage loses only the autosave: the editor still holds the draft.
  }
}

export function clearDraft(store: DraftStore, base: number): void {
  store.removeItem(`${PREFIX}${base}`);
}

/** Whether `name` may be a new file of the draft: a YAML file name no file has. */
export const isNewFileName = (name: string, files: readonly ManifestFile[]): boolean =>
  MANIFEST_FILE_NAME.test(name) && !files.some((f) => f.name === name);
