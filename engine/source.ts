import { CORE_SCHEMA, load as loadYaml } from 'js-yaml';
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  type Document,
  type Node,
  type Scalar,
} from 'yaml';
import { problem, type Place, type Problem } from './errors.ts';
import { aliasesExpandTooFar, fileTooLarge, firstAlias, MANIFEST_LIMITS } from './limits.ts';

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
  /** The text split into lines, made on first use (code frames). */
  textLines?: string[];
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

/** The parsed manifest files, merged by top-level key, with a way back from a data path to a place. */
export interface ParsedManifest {
  readonly data: Record<string, unknown>;
  /** The place of the node at a data path; `key: true` points at the key of the last step instead. */
  locate(path: DataPath, opts?: { key?: boolean }): Place;
  /** The place of a position (1-based line and column) inside the text at a data path. */
  locateIn(path: DataPath, line: number, column: number): Place;
}

/** The merged manifest, the problems of reading its files, and what could not be read. */
export interface ParsedSources {
  readonly manifest: ParsedManifest;
  readonly problems: Problem[];
  /** Some file could not be read (broken YAML, not a mapping): what it declares is unknown (partial.ts). */
  readonly unreadable: boolean;
  /** Top-level keys declared again in a later file, whose second declaration was ignored. */
  readonly ignored: readonly string[];
}

/**
 * What parsing remembers between builds of the same files, when the caller keeps one (the server's
 * reloads, the fuzz test): the data and the documents of file texts seen before, so that an edit to
 * one file parses (and validates, see validate.ts) that file only. Kept data is frozen: no stage may
 * change what another build reads. Holds the texts of the last few builds.
 */
export class ParseMemo {
  readonly data = new Map<string, unknown>();
  readonly docs = new Map<string, ParsedFile>();
  static readonly SIZE = 32;
  keep<V>(map: Map<string, V>, key: string, value: V): V {
    if (map.size >= ParseMemo.SIZE) map.delete(map.keys().next().value as string);
    map.set(key, value);
    return value;
  }
}

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
};

/**
 * Parses the manifest files and merges them by top-level key. The data comes from js-yaml (fast);
 * the `yaml` document API, which knows where every node is, runs only when a place is asked for
 * (a problem was found) or a file does not parse.
 */
export function parseSources(sources: readonly SourceFile[], memo?: ParseMemo): ParsedSources {
  const found: Problem[] = [];
  let unreadable = false;
  const ignored: string[] = [];
  const owner = new Map<string, SourceFile>();
  const data: Record<string, unknown> = {};
  const docs = new Map<string, ParsedFile>();
  const parsed = (src: SourceFile): ParsedFile => {
    let f = docs.get(src.file) ?? memo?.docs.get(`${src.file}\0${src.text}`);
    if (!f) {
      const lines = new LineCounter();
      const doc = parseDocument(src.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
      f = { file: src.file, text: src.text, doc, lines };
      memo?.keep(memo.docs, `${src.file}\0${src.text}`, f);
    }
    docs.set(src.file, f);
    return f;
  };

  for (const src of sources) {
    const large = fileTooLarge(src.text, () => placeAt(textOnly(src), 0));
    if (large) {
      found.push(large);
      unreadable = true;
      continue;
    }
    if (/^\s*(#.*)?$/.test(src.text.replace(/\s*#.*$/gm, ''))) {
      found.push(problem('EmptyFile', {}, { file: src.file, line: 1, col: 1 }));
      continue;
    }
    let js: unknown = memo?.data.get(src.text);
    if (js === undefined) {
      const refused = beyondLimits(src);
      if ('problem' in refused) {
        found.push(refused.problem ?? syntaxProblem(parsed(src), refused.thrown));
        unreadable = true;
        continue;
      }
      js = refused.data;
      if (memo) memo.keep(memo.data, src.text, deepFreeze(js));
    }
    if (js === undefined || js === null) {
      found.push(problem('EmptyFile', {}, { file: src.file, line: 1, col: 1 }));
      continue;
    }
    if (typeof js !== 'object' || Array.isArray(js)) {
      const f = parsed(src);
      found.push(problem('NotAMapping', {}, placeOf(f, f.doc.contents)));
      unreadable = true;
      continue;
    }
    for (const [key, value] of Object.entries(js)) {
      const other = owner.get(key);
      if (other) {
        found.push(problem('DuplicateTopLevelKey', { key, other: other.file }, keyPlace(parsed(src), key)));
        ignored.push(key);
        continue;
      }
      owner.set(key, src);
      data[key] = value;
    }
  }

  const locate = (path: DataPath, opts?: { key?: boolean }): Place => {
    const first = path[0];
    const src = (typeof first === 'string' && owner.get(first)) || sources[0];
    if (!src) return { file: 'manifest', line: 1, col: 1 };
    const f = parsed(src);
    return placeOf(f, deepestNode(f.doc, path, opts?.key ?? false));
  };
  const locateIn = (path: DataPath, line: number, column: number): Place => {
    const first = path[0];
    const src = (typeof first === 'string' && owner.get(first)) || sources[0];
    if (!src) return { file: 'manifest', line: 1, col: 1 };
    const f = parsed(src);
    const node = deepestNode(f.doc, path, false);
    return isScalar(node) ? placeAt(f, offsetIn(f, node, line, column)) : placeOf(f, node);
  };
  return { manifest: { data, locate, locateIn }, problems: found, unreadable, ignored };
}

/**
 * A file's data, read within the limits on what a file may hold (engine/limits.ts): its depth and
 * its aliases, and what they expand to, each a located problem before any later stage walks
 * the data; else the error of a file js-yaml could not read (`problem` undefined: a syntax error,
 * placed by the `yaml` parser).
 */
function beyondLimits(src: SourceFile): { data: unknown } | { problem: Problem | undefined; thrown?: unknown } {
  let light: ReturnType<typeof textOnly> | undefined;
  const at = (offset: number): Place => placeAt((light ??= textOnly(src)), offset);
  const { depth, aliases } = MANIFEST_LIMITS;
  let data: unknown;
  try {
    data = loadYaml(src.text, { schema: CORE_SCHEMA, filename: src.file, maxDepth: depth, maxAliases: aliases });
  } catch (e) {
    // The `yaml` parser, which places syntax errors, is not asked about these: it would recurse as deep.
    const reason = String((e as { reason?: unknown }).reason ?? '');
    const offset = (e as { mark?: { position?: number } }).mark?.position ?? 0;
    if (reason.includes('maxDepth')) return { problem: problem('YamlTooDeep', { most: depth }, at(offset)) };
    if (reason.includes('maxAliases')) return { problem: problem('YamlTooManyAliases', { most: aliases }, at(offset)) };
    return { problem: undefined, thrown: e };
  }
  const bomb = aliasesExpandTooFar(data, () => at(firstAlias(src.text)));
  return bomb ? { problem: bomb } : { data };
}

/** A file's text and line starts, to place an offset without parsing it as a document. */
function textOnly(src: SourceFile): Pick<ParsedFile, 'file' | 'text' | 'lines' | 'textLines'> {
  const lines = new LineCounter();
  lines.addNewLine(0);
  for (let i = src.text.indexOf('\n'); i >= 0; i = src.text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
  return { file: src.file, text: src.text, lines };
}

/** The problem of a file js-yaml refused, placed by the `yaml` parser (or js-yaml's own mark). */
function syntaxProblem(f: ParsedFile, thrown: unknown): Problem {
  const err = f.doc.errors[0];
  if (err) {
    // Later YAML errors are nearly always consequences of the first: report that one alone.
    const open = /end with an? ([\]}])/.exec(err.message)?.[1];
    const start = open ? unclosedBracket(f.text, err.pos[0], open === ']' ? '[' : '{') : -1;
    return start >= 0
      ? problem('YamlUnclosed', { open: f.text[start] ?? '[', close: open ?? ']' }, placeAt(f, start))
      : problem('YamlSyntax', { detail: yamlDetail(err.message) }, placeAt(f, err.pos[0]));
  }
  const e = thrown as { reason?: string; message?: string; mark?: { position?: number } };
  return problem('YamlSyntax', { detail: e.reason ?? e.message ?? 'unreadable' }, placeAt(f, e.mark?.position ?? 0));
}

function keyPlace(f: ParsedFile, key: string): Place {
  return placeOf(f, deepestNode(f.doc, [key], true));
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

/**
 * The offset in the file of a position inside a scalar's text: exact in a block (`|`) and on the first
 * line of a plain or quoted scalar without escapes; otherwise the start of the scalar.
 */
function offsetIn(f: ParsedFile, node: Scalar, line: number, column: number): number {
  const start = node.range?.[0] ?? 0;
  if (node.type === 'BLOCK_LITERAL') {
    // A place the parser gives after the last character (an unclosed brace) is shown on that character.
    const own = String(node.value).replace(/\n+$/, '').split('\n');
    line = Math.max(1, Math.min(line, own.length));
    column = Math.max(1, Math.min(column, own[line - 1]?.length ?? 1));
    const lines = f.text.slice(start).split('\n');
    let offset = start;
    for (let i = 0; i < line; i++) offset += (lines[i]?.length ?? 0) + 1;
    const lead = (s: string): number => s.length - s.trimStart().length;
    const indent = lead(lines[1] ?? '') - lead(own[0] ?? '');
    return offset + indent + column - 1;
  }
  if (line !== 1) return start;
  return start + (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE' ? 1 : 0) + column - 1;
}

function placeOf(f: ParsedFile, node: Node | null): Place {
  return placeAt(f, node?.range?.[0] ?? 0);
}

function placeAt(f: Pick<ParsedFile, 'file' | 'text' | 'lines' | 'textLines'>, offset: number): Place {
  const { line, col } = f.lines.linePos(offset);
  f.textLines ??= f.text.split('\n');
  return { file: f.file, line, col, frame: codeFrame(f.textLines, line, col) };
}

function codeFrame(all: readonly string[], line: number, col: number): string {
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
