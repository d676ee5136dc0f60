import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import { problem, type Place, type Problem } from './errors.ts';

/** One manifest file as read from disk: its display name (relative path) and text. */
export interface SourceFile {
  readonly file: string;
  readonly text: string;
}

/** A path into the merged manifest: keys and indexes, as in ajv's `instancePath`. */
export type DataPath = readonly (string | number)[];

interface ParsedFile {
  readonly file: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/** The parsed manifest files, merged by top-level key, with a way back from a data path to a place. */
export interface ParsedManifest {
  readonly data: Record<string, unknown>;
  /** The place of the node at a data path; `key: true` points at the key of the last step instead. */
  locate(path: DataPath, opts?: { key?: boolean }): Place;
}

export function parseSources(sources: readonly SourceFile[]): { manifest?: ParsedManifest; problems: Problem[] } {
  const found: Problem[] = [];
  const files: ParsedFile[] = [];
  const owner = new Map<string, ParsedFile>();
  const data: Record<string, unknown> = {};

  for (const { file, text } of sources) {
    const lines = new LineCounter();
    const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
    const parsed: ParsedFile = { file, text, doc, lines };
    const [err] = doc.errors;
    if (err) {
      // Later YAML errors are nearly always consequences of the first: report that one alone.
      const open = /end with an? ([\]}])/.exec(err.message)?.[1];
      const start = open ? unclosedBracket(text, err.pos[0], open === ']' ? '[' : '{') : -1;
      found.push(
        start >= 0
          ? problem('YamlUnclosed', { open: text[start] ?? '[', close: open ?? ']' }, placeAt(parsed, start))
          : problem('YamlSyntax', { detail: yamlDetail(err.message) }, placeAt(parsed, err.pos[0])),
      );
      continue;
    }
    if (doc.contents === null || text.trim() === '' || isOnlyComments(doc)) {
      found.push(problem('EmptyFile', {}, { file, line: 1, col: 1 }));
      continue;
    }
    if (!isMap(doc.contents)) {
      found.push(problem('NotAMapping', {}, placeOf(parsed, doc.contents)));
      continue;
    }
    files.push(parsed);
    const js = doc.toJS({ maxAliasCount: 1000 }) as Record<string, unknown>;
    for (const item of doc.contents.items) {
      const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
      const other = owner.get(key);
      if (other) {
        found.push(problem('DuplicateTopLevelKey', { key, other: other.file }, placeOf(parsed, item.key as Node)));
        continue;
      }
      owner.set(key, parsed);
      data[key] = js[key];
    }
  }

  const locate = (path: DataPath, opts?: { key?: boolean }): Place => {
    const first = path[0];
    const f = (typeof first === 'string' && owner.get(first)) || files[0];
    if (!f) return { file: sources[0]?.file ?? 'manifest', line: 1, col: 1 };
    return placeOf(f, deepestNode(f.doc, path, opts?.key ?? false));
  };
  return { manifest: { data, locate }, problems: found };
}

function isOnlyComments(doc: Document.Parsed): boolean {
  return doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null);
}

/** The offset of the last bracket `open` before `pos` that is not closed before it, or -1. */
function unclosedBracket(text: string, pos: number, open: string): number {
  const close = open === '[' ? ']' : '}';
  let depth = 0;
  for (let i = Math.min(pos, text.length) - 1; i >= 0; i--) {
    if (text[i] === close) depth++;
    else if (text[i] === open && depth-- === 0) return i;
  }
  return -1;
}

function yamlDetail(message: string): string {
  const first = message.split('\n')[0] ?? message;
  return first
    .replace(/ at line \d+, column \d+:?$/, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** The node at `path`, or the deepest ancestor that exists; with `key`, the key node of the last step. */
function deepestNode(doc: Document.Parsed, path: DataPath, key: boolean): Node | null {
  let node: unknown = doc.contents;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(step));
      if (!pair) return node as Node;
      if (last && key) return pair.key as Node;
      node = pair.value ?? pair.key;
    } else if (isSeq(node) && typeof step === 'number') {
      const next = node.items[step];
      if (next === undefined) return node as Node;
      node = next;
    } else {
      return node as Node;
    }
  }
  return node as Node;
}

function placeOf(f: ParsedFile, node: Node | null): Place {
  return placeAt(f, node?.range?.[0] ?? 0);
}

function placeAt(f: ParsedFile, offset: number): Place {
  const { line, col } = f.lines.linePos(offset);
  return { file: f.file, line, col, frame: codeFrame(f.text, line, col) };
}

function codeFrame(text: string, line: number, col: number): string {
  const all = text.split('\n');
  const from = Math.max(1, line - 2);
  const to = Math.min(all.length, line + 1);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${all[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, col - 1))}^`);
  }
  return out.join('\n');
}
