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
  const known = [
    ...new Set([
      ...Object.keys(MEMBER_KEYS),
      ...Object.keys(family.vars ?? {}),
      ...[...uses.keys()].filter((k) => !RUNTIME_PLACEHOLDERS.has(k)),
    ]),
  ];
  const knownSet = new Set(known);
  const pageIds = pages.flatMap((p) => (p.id ? [p.id] : []));
  const slugAt = new Map<string, DataPath>();
  const placeStr = (path: DataPath): string => {
    const p = m.locate(path);
    return `${p.file}:${p.line}:${p.col}`;
  };
  family.members.forEach((member, mi) => {
    if (!member) return;
    const memberPath: DataPath = ['families', fi, 'members', mi];
    const at = (): DataPath => memberPath;
    const fromFamily = true;
    const first = slugAt.get(member.slug);
    if (first) {
      const other = placeStr([...first, 'slug']);
      found.push(
        problem('DuplicateSlug', { slug: member.slug, family: family.id, other }, m.locate([...memberPath, 'slug'])),
      );
      return;
    }
    slugAt.set(member.slug, memberPath);

    // Keys nothing uses (a typo, most often): at their own line; the variable they were meant for is
    // then not reported as unset as well.
    const meant = new Set<string>();
    for (const key of Object.keys(member)) {
      if (knownSet.has(key)) continue;
      const suggestion = suggest(key, known);
      if (suggestion) meant.add(suggestion);
      found.push(
        problem(
          'UnknownMemberKey',
          { key, member: member.slug, family: family.id, suggestion, allowed: known },
          m.locate([...memberPath, key], { key: true }),
        ),
      );
    }
    // A value of the wrong shape for how the templates use it (features as one text, say).
    const bad = new Set<string>();
    for (const [key, value] of Object.entries(member)) {
      const use = uses.get(key);
      if (!use || key === 'without') continue;
      const expected =
        use.list && typeof value === 'string' ? 'list' : !use.list && Array.isArray(value) ? 'text' : null;
      if (!expected) continue;
      bad.add(key);
      const actual = typeof value === 'string' ? `the string ${JSON.stringify(value)}` : 'a list';
      found.push(problem('MemberShape', { key, expected, actual }, m.locate([...memberPath, key])));
    }

    const vars = memberVars(family.vars ?? {}, member);
    for (const key of bad) vars.set(key, use(uses, key)?.list ? [] : '');
    for (const [k, v] of vars) if (typeof v === 'string') (values.get(k) ?? values.set(k, []).get(k))?.push(v);
    const unset = new Set<string>();
    const filled = products(vars, unset);
    const productIds = filled.map((p) => String(p.id));
    const without = new Set<string>();
    (member.without ?? []).forEach((name, k) => {
      if (pageIds.includes(name) || productIds.includes(name) || templates.some((t) => t.id === name)) {
        without.add(name);
        return;
      }
      const allowed = [...pageIds, ...productIds];
      found.push(
        problem(
          'UnknownWithout',
          { value: name, family: family.id, allowed, suggestion: suggest(name, allowed) },
          m.locate([...memberPath, 'without', k]),
        ),
      );
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

const use = (uses: ReadonlyMap<string, { list: boolean }>, key: string) => uses.get(key);
