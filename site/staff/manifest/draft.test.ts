import { describe, expect, it } from 'vitest';
import {
  changedNames,
  clearDraft,
  isNewFileName,
  loadDraft,
  newestDraftBase,
  sameFiles,
  saveDraft,
  type DraftStore,
} from './draft.ts';

/** A stand-in for localStorage. */
function memoryStore(): DraftStore & { readonly map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}

const live = [
  { name: 'catalogue.yaml', text: 'site: {}\n' },
  { name: 'pages.yaml', text: 'pages: []\n' },
];
const edited = [live[0]!, { name: 'pages.yaml', text: 'pages: [x]\n' }];

describe('the draft kept in the browser', () => {
  it('is kept per base version and comes back for that version only', () => {
    const store = memoryStore();
    saveDraft(store, { base: 4, files: edited }, live);
    expect(loadDraft(store, 4)).toEqual({ base: 4, files: edited });
    expect(loadDraft(store, 5)).toBeNull();
    expect(newestDraftBase(store)).toBe(4);
  });

  it('is no draft when it equals its base: what was kept goes', () => {
    const store = memoryStore();
    saveDraft(store, { base: 4, files: edited }, live);
    saveDraft(store, { base: 4, files: [...live].reverse() }, live);
    expect(loadDraft(store, 4)).toBeNull();
    expect(newestDraftBase(store)).toBeNull();
  });

  it('ignores what it cannot read, and other keys of the storage', () => {
    const store = memoryStore();
    store.setItem('manifest-draft:3', '{not json');
    store.setItem('manifest-draft:2', JSON.stringify([{ name: 'a.yaml' }]));
    store.setItem('manifest-author', 'Ann');
    expect(loadDraft(store, 3)).toBeNull();
    expect(loadDraft(store, 2)).toBeNull();
    clearDraft(store, 3);
    expect(newestDraftBase(store)).toBe(2);
  });

  it('names the files a draft adds or changes', () => {
    expect(sameFiles(edited, live)).toBe(false);
    expect([...changedNames([...edited, { name: 'extra.yaml', text: '' }], live)]).toEqual([
      'pages.yaml',
      'extra.yaml',
    ]);
  });

  it('takes a new file only with a YAML name no file has', () => {
    expect(isNewFileName('extras.yaml', live)).toBe(true);
    expect(isNewFileName('pages.yaml', live)).toBe(false);
    expect(isNewFileName('notes.txt', live)).toBe(false);
    expect(isNewFileName('sub/extra.yaml', live)).toBe(false);
    expect(isNewFileName('.yaml', live)).toBe(false);
  });
});
