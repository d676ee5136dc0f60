import { problem, type Problem } from './errors.ts';
import type { DataPath, ParsedManifest } from './source.ts';
import { MEMBER_KEYS } from './schema.ts';
import { suggest } from './suggest.ts';
import { compileTemplate, memberVars, RUNTIME_PLACEHOLDERS, templateUses } from './placeholders.ts';
import type { FamilyInput, ManifestInput, PageInput, ProductInput, SlotInput } from './types.ts';

/** Something declared in the manifest, with the data path it came from (for error places). */
export interface Origin<T> {
  readonly value: T;
  /** Where to point for a problem at `sub` inside it (family members point at the member). */
  readonly at: (sub?: DataPath) => DataPath;
  /** Expanded from a family template (its placeholders were already checked as it was filled). */
  readonly fromFamily?: boolean;
}

export interface Flattened {
  readonly pages: Origin<PageInput>[];
  readonly products: Origin<ProductInput>[];
  readonly folders: Origin<{ path: string; driveId?: string }>[];
  readonly slots: Origin<SlotInput>[];
  /** family id -> variable -> the values of its members, in order. */
  readonly memberValues: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
}

const here =
  (base: DataPath) =>
  (sub: DataPath = []): DataPath => [...base, ...sub];

/** Flattens top-level declarations and family members into one list per kind, manifest order. */
export function flatten(input: ManifestInput, m: ParsedManifest, found: Problem[]): Flattened {
  const out: Flattened = {
    pages: [],
    products: [],
    folders: present(input.folders, 'folders'),
    slots: present(input.slots, 'slots'),
    memberValues: new Map(),
  };
  (input.families ?? []).forEach((family, fi) => {
    if (family) expandFamily(family, fi, out, m, found);
    // Set aside by the schema (a template's mistake, reported there): its members' keys are still checked.
    else checkSetAsideMembers(fi, m, found);
  });
  out.products.push(...present(input.products, 'products'));
  out.pages.push(...present(input.pages, 'pages'));
  return out;
}

/** The declarations of a list with their places; holes (set aside as invalid, see usable.ts) are skipped. */
function present<T>(list: readonly (T | undefined)[], key: string): Origin<T>[] {
  const out: Origin<T>[] = [];
  list.forEach((value, i) => {
    if (value !== undefined) out.push({ value, at: here([key, i]) });
  });
  return out;
}

function expandFamily(family: FamilyInput, fi: number, out: Flattened, m: ParsedManifest, found: Problem[]): void {
  const values = new Map<string, string[]>();
  (out.memberValues as Map<string, ReadonlyMap<string, readonly string[]>>).set(family.id, values);
  const folders = compileTemplate(family.folders ?? []);
  const templates = (family.products ?? []) as ProductInput[];
  const products = compileTemplate(templates);
  const slots = compileTemplate(family.slots ?? []);
  const pages = (family.pages ?? []).map((page) => ({ id: page.id, fill: compileTemplate(page) }));
  const uses = templateUses([family.folders, family.products, family.pages, family.slots, family.vars]);
  const unknownKeys = memberKeyCheck(family, fi, m, found);
  const pageIds = pages.flatMap((p) => (p.id ? [p.id] : []));
  const slugAt = new Map<string, DataPath>();
  const placeStr = (path: DataPath): string => {
    const p = m.locate(path);
    return `${p.file}:${p.line}:${p.col}`;
  };
  family.members.forEach((member, mi) => {
    const memberPath: DataPath = ['families', fi, 'members', mi];
    if (!member) {
      // Set aside by the schema (its slug or its name is wrong, reported there): its keys are still checked.
      const raw = rawMember(m.data, fi, mi);
      if (raw) unknownKeys(raw, mi);
      return;
    }
    const at = (): DataPath => memberPath;
    const fromFamily = true;
    // Keys nothing uses (a typo, most often): at their own line; the variable they were meant for is
    // then not reported as unset as well.
    const meant = unknownKeys(member, mi);
    const first = slugAt.get(member.slug);
    if (first) {
      const other = placeStr([...first, 'slug']);
      found.push(
        problem('DuplicateSlug', { slug: member.slug, family: family.id, other }, m.locate([...memberPath, 'slug'])),
      );
      return;
    }
    slugAt.set(member.slug, memberPath);

    const bad = misshapenKeys(member, uses, memberPath, m, found);
    const good = Object.fromEntries(Object.entries(member).filter(([key]) => !bad.has(key)));
    const vars = memberVars(family.vars ?? {}, good);
    for (const key of bad) if (!vars.has(key)) vars.set(key, uses.get(key)?.list ? [] : '');
    for (const [k, v] of vars) if (typeof v === 'string') (values.get(k) ?? values.set(k, []).get(k))?.push(v);
    const unset = new Set<string>();
    const filled = products(vars, unset);
    const productIds = filled.map((p) => String(p.id));
    const without = leftOut(bad.has('without') ? [] : (member.without ?? []), {
      family: family.id,
      pageIds,
      productIds,
      templateIds: templates.map((t) => t.id),
      at: [...memberPath, 'without'],
      m,
      found,
    });
    for (const path of folders(vars, unset)) out.folders.push({ value: { path }, at });
    filled.forEach((value, i) => {
      if (!without.has(productIds[i] ?? '') && !without.has(templates[i]?.id ?? '')) out.products.push({ value, at });
    });
    for (const value of slots(vars, unset)) out.slots.push({ value, at });
    for (const page of pages) {
      if (page.id && without.has(page.id)) continue;
      const value = page.fill(vars, unset);
      out.pages.push({ value: { ...value, id: `${family.id}-${member.slug}-${page.id ?? 'page'}` }, at, fromFamily });
    }
    for (const variable of unset) {
      if (meant.has(variable)) continue;
      found.push(problem('UnsetVariable', { variable, member: member.slug, family: family.id }, m.locate(memberPath)));
    }
  });
}

/**
 * The keys of a member whose value cannot be used. A value that is neither a text nor a list of texts
 * was reported by the schema; a text where the templates take a list (features as one text, say), or
 * the other way round, is reported here. Either way the value is not used: the family default, or an
 * empty text or list, stands in.
 */
function misshapenKeys(
  member: Readonly<Record<string, unknown>>,
  uses: ReturnType<typeof templateUses>,
  memberPath: DataPath,
  m: ParsedManifest,
  found: Problem[],
): Set<string> {
  const bad = new Set<string>();
  for (const [key, value] of Object.entries(member)) {
    if (!isText(value) && !isTextList(value)) {
      bad.add(key);
      continue;
    }
    const use = uses.get(key);
    if (!use || key === 'without') continue;
    const expected = use.list && typeof value === 'string' ? 'list' : !use.list && Array.isArray(value) ? 'text' : null;
    if (!expected) continue;
    bad.add(key);
    const actual = typeof value === 'string' ? `the string ${JSON.stringify(value)}` : 'a list';
    found.push(problem('MemberShape', { key, expected, actual }, m.locate([...memberPath, key])));
  }
  return bad;
}

interface WithoutContext {
  readonly family: string;
  readonly pageIds: readonly string[];
  readonly productIds: readonly string[];
  /** The ids the family's product templates are written with (before their placeholders are filled). */
  readonly templateIds: readonly (string | undefined)[];
  /** The member's `without` list. */
  readonly at: DataPath;
  readonly m: ParsedManifest;
  readonly found: Problem[];
}

/** The pages and products a member leaves out (`without`); a name that is neither is reported. */
function leftOut(names: readonly string[], c: WithoutContext): Set<string> {
  const without = new Set<string>();
  names.forEach((name, k) => {
    if (c.pageIds.includes(name) || c.productIds.includes(name) || c.templateIds.includes(name)) {
      without.add(name);
      return;
    }
    const allowed = [...c.pageIds, ...c.productIds];
    c.found.push(
      problem(
        'UnknownWithout',
        { value: name, family: c.family, allowed, suggestion: suggest(name, allowed) },
        c.m.locate([...c.at, k]),
      ),
    );
  });
  return without;
}

type MemberKeyCheck = (member: Readonly<Record<string, unknown>>, mi: number) => Set<string>;

/**
 * Reports the keys of a member that nothing in its family uses (a typo, most often), each at its own
 * line, and returns the keys they were probably meant to be. The family may be as written (raw data
 * the schema set aside): only its templates' placeholders and its vars are read.
 */
function memberKeyCheck(
  family: Readonly<Record<string, unknown>>,
  fi: number,
  m: ParsedManifest,
  found: Problem[],
): MemberKeyCheck {
  const uses = templateUses([family['folders'], family['products'], family['pages'], family['slots'], family['vars']]);
  const vars = family['vars'] && typeof family['vars'] === 'object' ? Object.keys(family['vars']) : [];
  const known = [
    ...new Set([...Object.keys(MEMBER_KEYS), ...vars, ...[...uses.keys()].filter((k) => !RUNTIME_PLACEHOLDERS.has(k))]),
  ];
  const knownSet = new Set(known);
  const familyId = typeof family['id'] === 'string' ? family['id'] : `item ${fi + 1}`;
  return (member, mi) => {
    const slug = typeof member['slug'] === 'string' ? member['slug'] : `item ${mi + 1}`;
    const meant = new Set<string>();
    for (const key of Object.keys(member)) {
      if (knownSet.has(key)) continue;
      const suggestion = suggest(key, known);
      if (suggestion) meant.add(suggestion);
      found.push(
        problem(
          'UnknownMemberKey',
          { key, member: slug, family: familyId, suggestion, allowed: known },
          m.locate(['families', fi, 'members', mi, key], { key: true }),
        ),
      );
    }
    return meant;
  };
}

/** The member keys of a family the schema set aside, checked on the family as written. */
function checkSetAsideMembers(fi: number, m: ParsedManifest, found: Problem[]): void {
  const family = rawAt(m.data['families'], fi);
  const members = family?.['members'];
  if (!family || !Array.isArray(members)) return;
  const unknownKeys = memberKeyCheck(family, fi, m, found);
  members.forEach((_, mi) => {
    const raw = rawAt(members, mi);
    if (raw) unknownKeys(raw, mi);
  });
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);

/** The member as written, when the schema set it aside (usable.ts): only its keys are looked at. */
function rawMember(data: Readonly<Record<string, unknown>>, fi: number, mi: number): Record<string, unknown> | null {
  return rawAt(rawAt(data['families'], fi)?.['members'], mi);
}

/** The mapping at `list[i]` as written, if it is one. */
function rawAt(list: unknown, i: number): Record<string, unknown> | null {
  const item: unknown = Array.isArray(list) ? list[i] : undefined;
  return item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
}
