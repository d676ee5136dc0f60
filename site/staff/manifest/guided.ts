import { Document, isMap, isSeq, LineCounter, parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import type { ManifestFile } from '../../../engine/shared/manifest.ts';

/** One field of a family's guided form: a member key, whether it takes a list, and a value of it to show. */
export interface MemberField {
  readonly key: string;
  readonly list: boolean;
  readonly required: boolean;
  /** The value the family's last member gives it (a list: one item per line). */
  readonly example?: string;
}

/** A family the draft declares, where its members are, and the fields a new member may set. */
export interface GuidedFamily {
  readonly id: string;
  readonly file: string;
  readonly fields: readonly MemberField[];
}

/** Every member has these; the family's templates use them in ids, paths and headings. */
const REQUIRED = ['slug', 'name'];
/** Keys a new member rarely sets (it has every page of its family). */
const RARE = new Set(['without']);

/**
 * A text as staff read it in the form: a plain string, or of a value per language the first one
 * given (the default language comes first in the manifest).
 */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const first = Object.values(value)[0];
    return typeof first === 'string' ? first : '';
  }
  return '';
}

/**
 * The fields of a family's form: slug and name, then every key its members set, in the order they
 * first appear (what the family's templates need of a member, as its members give it).
 */
function fieldsOf(members: readonly Record<string, unknown>[]): MemberField[] {
  const keys = [...new Set([...REQUIRED, ...members.flatMap((m) => Object.keys(m))])].filter((k) => !RARE.has(k));
  const last = members.at(-1) ?? {};
  return keys.map((key) => {
    const value = last[key];
    const list = members.some((m) => Array.isArray(m[key]));
    const example = Array.isArray(value) ? value.map(textOf).join('\n') : textOf(value) || undefined;
    return { key, list, required: REQUIRED.includes(key), ...(example ? { example } : {}) };
  });
}

/** The `families` list of a file, and its documents' line counter, if the file declares families. */
function familiesIn(text: string): { seq: YAMLSeq; lines: LineCounter } | null {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  if (doc.errors.length > 0) return null;
  const seq = doc.get('families', true);
  return isSeq(seq) ? { seq, lines } : null;
}

/** Every family of the draft, in file order, with the fields of its guided form. */
export function guidedFamilies(files: readonly ManifestFile[]): GuidedFamily[] {
  return files.flatMap((f) =>
    (familiesIn(f.text)?.seq.items ?? []).flatMap((item): GuidedFamily[] => {
      if (!isMap(item)) return [];
      const family = (item as YAMLMap).toJSON() as { id?: unknown; members?: unknown };
      if (typeof family.id !== 'string') return [];
      const members = Array.isArray(family.members) ? family.members.filter((m) => m && typeof m === 'object') : [];
      return [{ id: family.id, file: f.name, fields: fieldsOf(members as Record<string, unknown>[]) }];
    }),
  );
}

/** A member's YAML as a person writes one: block keys, lists in brackets, quotes only where YAML needs them. */
function memberText(member: Readonly<Record<string, string | readonly string[]>>, indent: number): string {
  const doc = new Document([member]);
  for (const [key, value] of Object.entries(member))
    if (Array.isArray(value)) (doc.getIn([0, key], true) as YAMLSeq).flow = true;
  const pad = ' '.repeat(indent);
  return doc
    .toString({ lineWidth: 0, flowCollectionPadding: false })
    .trimEnd()
    .split('\n')
    .map((l) => pad + l)
    .join('\n');
}

/**
 * Adds a member at the end of a family's member list, where a person would put it: every other byte
 * of the file (comments, blank lines, quoting) stays as it was. The member's text is made with the
 * `yaml` document API. Null when the file has no block list of members for the family.
 */
export function addMember(
  text: string,
  familyId: string,
  member: Readonly<Record<string, string | readonly string[]>>,
): { text: string; added: string; line: number } | null {
  const found = familiesIn(text);
  const family = found?.seq.items.find((f) => isMap(f) && f.get('id') === familyId) as YAMLMap | undefined;
  const members = family?.get('members', true);
  if (!found || !isSeq(members) || members.flow || !members.range) return null;
  const last = members.items.at(-1) as { range?: [number, number, number] } | undefined;
  const end = last?.range?.[2] ?? members.range[2];
  const at = text.slice(0, end).trimEnd().length;
  const indent = found.lines.linePos(members.range[0]).col - 1;
  const added = memberText(member, indent);
  return { text: `${text.slice(0, at)}\n${added}${text.slice(at)}`, added, line: found.lines.linePos(at).line + 1 };
}

/** The slug a name suggests: lower case, words joined by '-'. */
export const slugOf = (name: string): string =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
