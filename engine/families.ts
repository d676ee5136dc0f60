import { problem, type Problem } from './errors.ts';
import type { DataPath, ParsedManifest } from './source.ts';
import { compileTemplate, memberVars } from './template.ts';
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
    folders: input.folders.map((value, i) => ({ value, at: here(['folders', i]) })),
    slots: input.slots.map((value, i) => ({ value, at: here(['slots', i]) })),
    memberValues: new Map(),
  };
  (input.families ?? []).forEach((family, fi) => expandFamily(family, fi, out, m, found));
  out.products.push(...input.products.map((value, i) => ({ value, at: here(['products', i]) })));
  out.pages.push(...input.pages.map((value, i) => ({ value, at: here(['pages', i]) })));
  return out;
}

function expandFamily(family: FamilyInput, fi: number, out: Flattened, m: ParsedManifest, found: Problem[]): void {
  const values = new Map<string, string[]>();
  (out.memberValues as Map<string, ReadonlyMap<string, readonly string[]>>).set(family.id, values);
  const folders = compileTemplate(family.folders ?? []);
  const products = compileTemplate((family.products ?? []) as ProductInput[]);
  const slots = compileTemplate(family.slots ?? []);
  const pages = (family.pages ?? []).map((page) => ({ id: page.id, fill: compileTemplate(page) }));
  family.members.forEach((member, mi) => {
    const memberPath: DataPath = ['families', fi, 'members', mi];
    const at = (): DataPath => memberPath;
    const fromFamily = true;
    const vars = memberVars(family.vars ?? {}, member);
    for (const [k, v] of vars) if (typeof v === 'string') (values.get(k) ?? values.set(k, []).get(k))?.push(v);
    const unset = new Set<string>();
    const without = new Set(member.without ?? []);
    for (const path of folders(vars, unset)) out.folders.push({ value: { path }, at });
    for (const value of products(vars, unset)) out.products.push({ value, at });
    for (const value of slots(vars, unset)) out.slots.push({ value, at });
    for (const page of pages) {
      if (page.id && without.has(page.id)) continue;
      const value = page.fill(vars, unset);
      out.pages.push({ value: { ...value, id: `${family.id}-${member.slug}-${page.id ?? 'page'}` }, at, fromFamily });
    }
    for (const variable of unset) {
      found.push(problem('UnsetVariable', { variable, member: member.slug, family: family.id }, m.locate(memberPath)));
    }
  });
}
