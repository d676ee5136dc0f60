import { problem, type Place, type Problem } from './errors.ts';

/**
 * What a manifest may hold: one table, read by the parser (size, depth, aliases), the engine (members,
 * pages), the server (a version's size) and stated in the README for content staff. Generous for a
 * real catalogue (10,000 members of a family, 30,000 pages per language) and far below what would
 * stall a server: every check stops at the first limit, before the costly stages run.
 */
export const MANIFEST_LIMITS = {
  /** Bytes of one manifest file. */
  fileBytes: 4 * 1024 * 1024,
  /** Bytes of all the files of a version, a draft or a preview. */
  manifestBytes: 6 * 1024 * 1024,
  /** Levels of nesting in a file (the shipped manifest uses about 12). */
  depth: 50,
  /** YAML aliases (`*name`) in a file (the shipped manifest uses none). */
  aliases: 200,
  /** Values of a file once its aliases are expanded (a 10,000-member family is about 150,000). */
  values: 1_000_000,
  /** Members of one family. */
  familyMembers: 12_000,
  /** Pages per language: the manifest's own and every family member's. */
  pagesPerLanguage: 40_000,
} as const;

const count = (n: number): string => n.toLocaleString('en-US');
const size = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The length of a text in UTF-8 (the engine sees no Buffer): surrogate pairs are 4 bytes, as 2 units of 2. */
function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) bytes += c >= 0x800 && (c < 0xd800 || c > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

/** The problem of a file larger than a file may be, or undefined. */
export function fileTooLarge(text: string, place: () => Place): Problem | undefined {
  const bytes = utf8Bytes(text);
  if (bytes <= MANIFEST_LIMITS.fileBytes) return undefined;
  return problem('FileTooLarge', { size: size(bytes), most: size(MANIFEST_LIMITS.fileBytes) }, place());
}

/**
 * How many values `root` holds with its aliases expanded, counting each shared value once per use
 * (what every later stage would walk), stopping above `most`. Linear in the distinct values: a
 * shared value's count is remembered.
 */
export function expandedValues(root: unknown, most: number = MANIFEST_LIMITS.values): number {
  const known = new Map<object, number>();
  const walk = (v: unknown): number => {
    if (!v || typeof v !== 'object') return 1;
    const seen = known.get(v);
    if (seen !== undefined) return seen;
    let n = 1;
    for (const x of Array.isArray(v) ? v : Object.values(v)) {
      n += walk(x);
      if (n > most) break;
    }
    known.set(v, n);
    return n;
  };
  return walk(root);
}

/** The offset of the first alias (`*name`) in a YAML text, or 0. */
export function firstAlias(text: string): number {
  const hit = /(^|[\s[{,:-])\*[^\s,[\]{}]/m.exec(text);
  return hit ? hit.index + (hit[1]?.length ?? 0) : 0;
}

/** The problem of a file whose aliases expand it beyond the values a manifest may hold, or undefined. */
export function aliasesExpandTooFar(data: unknown, place: () => Place): Problem | undefined {
  const values = expandedValues(data);
  if (values <= MANIFEST_LIMITS.values) return undefined;
  return problem('YamlAliasesExpand', { most: count(MANIFEST_LIMITS.values) }, place());
}

type Locate = (path: readonly (string | number)[], opts?: { key?: boolean }) => Place;

/**
 * Members per family and pages per language, counted from the declarations before anything is
 * expanded (expansion is what would cost): a family's pages times its members, plus the own pages.
 */
export function declarationLimits(data: Record<string, unknown>, locate: Locate): Problem[] {
  const found: Problem[] = [];
  const families = Array.isArray(data['families']) ? (data['families'] as unknown[]) : [];
  const own = Array.isArray(data['pages']) ? data['pages'].length : 0;
  let pages = own;
  let largest = { at: -1, pages: 0 };
  families.forEach((f, i) => {
    const family = (f ?? {}) as { id?: unknown; members?: unknown; pages?: unknown };
    const members = Array.isArray(family.members) ? family.members.length : 0;
    const each = Array.isArray(family.pages) ? family.pages.length : 0;
    pages += members * each;
    if (members * each > largest.pages) largest = { at: i, pages: members * each };
    if (members <= MANIFEST_LIMITS.familyMembers) return;
    const args = { family: String(family.id), members: count(members), most: count(MANIFEST_LIMITS.familyMembers) };
    found.push(problem('TooManyMembers', args, locate(['families', i, 'members'], { key: true })));
  });
  if (pages > MANIFEST_LIMITS.pagesPerLanguage) {
    const at = largest.at >= 0 ? ['families', largest.at, 'members'] : ['pages'];
    const args = { pages: count(pages), most: count(MANIFEST_LIMITS.pagesPerLanguage) };
    found.push(problem('TooManyPages', args, locate(at, { key: true })));
  }
  return found;
}
