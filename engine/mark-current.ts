/**
 * Marks reviewed translations as current: writes, beside each translated text of a target (a page,
 * the shared texts, one key, or all), the review mark of its default-language text now
 * (`reviewed: { es: 1a2b3c4d }`). Pure on the manifest files' texts: files in, files out; only the
 * `reviewed` maps change (inserted into the text's own flow or block map, or their marks replaced), so
 * comments and layout stay as staff wrote them. The CLI (scripts/translations.ts) and the staff page
 * (server/manifest/translations.ts) both call it.
 */

import { isMap, isPair, isScalar, parseDocument, type Document, type Node, type YAMLMap } from 'yaml';
import type { Problem } from './errors.ts';
import { buildCatalogue } from './index.ts';
import { languagesOf, textsOf } from './localize.ts';
import type { Catalogue } from './model.ts';
import { reviewMark, reviewState } from './review.ts';
import { REVIEWED } from './schema.ts';
import { parseSources, type DataPath, type SourceFile } from './source.ts';
import { keyOf } from './translations.ts';

/** What to mark: every translation, the shared texts, a page (its path or id), or one key (`ui.menu`). */
export type MarkTarget = 'all' | 'shared' | { readonly page: string } | { readonly key: string };

/**
 * A target as staff name it: `--all` (or `all`), `shared`, a page by its path (`/pergolas`), a key as
 * the status prints it (`pages.home.texts.heading`), else a page id.
 */
export function markTarget(name: string): MarkTarget {
  if (name === '--all' || name === 'all') return 'all';
  if (name === 'shared') return 'shared';
  return name.startsWith('/') || !name.includes('.') ? { page: name } : { key: name };
}

export type MarkOutcome =
  | {
      readonly ok: true;
      /** Every file, edited or not, in the order given. */
      readonly files: readonly SourceFile[];
      /** How many marks were written (a text's mark in one language). */
      readonly marked: number;
      /** The files that changed. */
      readonly changed: readonly string[];
    }
  | { readonly ok: false; readonly problems: readonly Problem[] }
  | { readonly ok: false; readonly unknown: string };

/** One text to mark: where it is, and the mark per language. */
interface Marks {
  readonly path: DataPath;
  readonly marks: Readonly<Record<string, string>>;
}

/** Marks the translations of `target` as reviewed now (see the module's contract). */
export function markCurrent(sources: readonly SourceFile[], target: MarkTarget): MarkOutcome {
  const built = buildCatalogue(sources);
  if (!built.ok) return { ok: false, problems: built.problems };
  const wanted = keysOf(built.catalogue, target);
  if (!wanted) return { ok: false, unknown: typeof target === 'string' ? target : 'page' in target ? target.page : '' };
  const data = parseSources(sources).manifest.data;
  const languages = languagesOf(data);
  const [first = 'en'] = languages;
  const todo: Marks[] = [];
  let found = false;
  for (const t of textsOf(data, first)) {
    if (wanted !== 'all' && !wanted.has(keyOf(data, t.path))) continue;
    found = true;
    const marks: Record<string, string> = {};
    for (const language of languages.slice(1)) {
      const state = reviewState(t.values, t.reviewed, language, first);
      if (state === 'stale' || state === 'unreviewed') marks[language] = reviewMark(t.values[first] ?? '');
    }
    if (Object.keys(marks).length) todo.push({ path: t.path, marks });
  }
  if (!found && typeof target === 'object' && 'key' in target) return { ok: false, unknown: target.key };
  const changed: string[] = [];
  const files = sources.map((src) => {
    const mine = todo.filter((t) => ownsKey(src, t.path[0]));
    const text = mine.length ? editFile(src.text, mine) : src.text;
    if (text !== src.text) changed.push(src.file);
    return text === src.text ? src : { file: src.file, text };
  });
  return { ok: true, files, marked: todo.reduce((n, t) => n + Object.keys(t.marks).length, 0), changed };
}

/** The keys a target names (all: every text), or undefined when it names no page. */
function keysOf(catalogue: Catalogue, target: MarkTarget): ReadonlySet<string> | 'all' | undefined {
  if (target === 'all') return 'all';
  if (typeof target === 'object' && 'key' in target) return new Set([target.key]);
  const id =
    target === 'shared' ? undefined : catalogue.pages.find((p) => p.path === target.page || p.id === target.page)?.id;
  if (target !== 'shared' && id === undefined) return undefined;
  const keys = new Set<string>();
  for (const t of Object.values(catalogue.translations)) {
    for (const list of [t.stale, t.unreviewed]) {
      const texts = id === undefined ? list.shared : (list.pages[id] ?? []);
      for (const x of texts) keys.add(x.key);
    }
  }
  return keys;
}

const topKeys = new WeakMap<SourceFile, Set<string>>();
/** Whether a file declares a top-level key (each lives in one file). */
function ownsKey(src: SourceFile, key: string | number | undefined): boolean {
  let keys = topKeys.get(src);
  if (!keys) {
    const contents = parseDocument(src.text).contents;
    keys = new Set(isMap(contents) ? contents.items.map((p) => String(isScalar(p.key) ? p.key.value : p.key)) : []);
    topKeys.set(src, keys);
  }
  return keys.has(String(key));
}

/** A replacement of the text between two offsets. */
interface Splice {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

/** The file's text with each text's marks written. */
function editFile(text: string, todo: readonly Marks[]): string {
  const doc = parseDocument(text);
  const splices = todo.flatMap((t) => marksSplices(doc, text, t));
  let out = text;
  for (const s of [...splices].sort((a, b) => b.from - a.from)) out = out.slice(0, s.from) + s.text + out.slice(s.to);
  return out;
}

/** A mark as YAML: plain, quoted where YAML would read it as a number (`12345678`, `1234e567`). */
const yamlMark = (mark: string): string => (/^[0-9]+(e[0-9]+)?$/.test(mark) ? `'${mark}'` : mark);
const flowMarks = (marks: Readonly<Record<string, string>>): string =>
  `{ ${Object.entries(marks)
    .map(([l, m]) => `${l}: ${yamlMark(m)}`)
    .join(', ')} }`;

/** The splices that write one text's marks: into its `reviewed` map, or a new one. */
function marksSplices(doc: Document.Parsed, text: string, t: Marks): Splice[] {
  const node = doc.getIn(t.path, true) as Node | undefined;
  if (!isMap(node)) return [];
  const pair = node.items.find((p) => isScalar(p.key) && p.key.value === REVIEWED);
  if (!pair) return insertPairs(node, text, [[REVIEWED, flowMarks(t.marks)]]);
  const reviewed = pair.value as Node | null;
  if (!isMap(reviewed)) {
    const [from, to] = reviewed?.range ?? [0, 0];
    return reviewed ? [{ from, to, text: flowMarks(t.marks) }] : [];
  }
  const out: Splice[] = [];
  const add: [string, string][] = [];
  for (const [language, mark] of Object.entries(t.marks)) {
    const old = reviewed.items.find((p) => isScalar(p.key) && p.key.value === language);
    const value = old?.value as Node | null | undefined;
    if (value?.range) out.push({ from: value.range[0], to: value.range[1], text: yamlMark(mark) });
    else add.push([language, yamlMark(mark)]);
  }
  return [...out, ...insertPairs(reviewed, text, add)];
}

/** The splice that adds `pairs` at the end of a flow or block map, as its own entries are written. */
function insertPairs(map: YAMLMap, text: string, pairs: readonly (readonly [string, string])[]): Splice[] {
  if (pairs.length === 0) return [];
  const last = map.items.at(-1);
  const lastEnd = last && isPair(last) ? ((last.value as Node | null)?.range ?? (last.key as Node).range) : undefined;
  if (map.flow) {
    const entries = pairs.map(([k, v]) => `${k}: ${v}`).join(', ');
    if (!lastEnd) {
      const open = (map.range?.[0] ?? 0) + 1;
      return [{ from: open, to: open, text: ` ${entries} ` }];
    }
    const [start = 0, end = 0] = map.range ?? [];
    if (!text.slice(start, end).includes('\n')) return [{ from: lastEnd[1], to: lastEnd[1], text: `, ${entries}` }];
    // A flow map written one entry a line gets one more line, at the indent of its last entry.
    const keyAt = (last?.key as Node | undefined)?.range?.[0] ?? lastEnd[0];
    const indent = ' '.repeat(keyAt - (text.lastIndexOf('\n', keyAt - 1) + 1));
    const comma = /^[ \t]*,/.exec(text.slice(lastEnd[1]))?.[0];
    const lines = pairs.map(([k, v]) => `\n${indent}${k}: ${v}`).join(',');
    return comma
      ? [{ from: lastEnd[1] + comma.length, to: lastEnd[1] + comma.length, text: `${lines},` }]
      : [{ from: lastEnd[1], to: lastEnd[1], text: `,${lines}` }];
  }
  const firstKey = (map.items[0]?.key as Node | undefined)?.range?.[0] ?? map.range?.[0] ?? 0;
  const indent = ' '.repeat(firstKey - (text.lastIndexOf('\n', firstKey - 1) + 1));
  let at = lastEnd?.[1] ?? map.range?.[1] ?? text.length;
  let lead = '';
  if (text[at - 1] !== '\n') {
    const eol = text.indexOf('\n', at);
    if (eol < 0) lead = '\n';
    at = eol < 0 ? text.length : eol + 1;
  }
  return [{ from: at, to: at, text: `${lead}${pairs.map(([k, v]) => `${indent}${k}: ${v}\n`).join('')}` }];
}
