/** Member variables of a family: text or a list of texts (features). */
export type Vars = ReadonlyMap<string, string | readonly string[]>;

const PLACEHOLDER = /\{([A-Za-z][\w]*)(\|lower)?\}/g;
const WHOLE = /^\{([A-Za-z][\w]*)\}$/;

/** Placeholders the pages fill at run time; never reported as unset family variables. */
export const RUNTIME_PLACEHOLDERS: ReadonlySet<string> = new Set([
  'n',
  'name',
  'type',
  'mediaType',
  'mediaTypeLabel',
  'path',
  'done',
  'total',
  'title',
]);

/**
 * Resolves a member's variables: its own keys win over the family defaults, and defaults may use
 * other variables ('{name} - Videos').
 */
export function memberVars(
  defaults: Readonly<Record<string, string>>,
  member: Readonly<Record<string, unknown>>,
): Map<string, string | readonly string[]> {
  const own = new Map<string, string | readonly string[]>();
  for (const [k, v] of Object.entries(member)) {
    if (typeof v === 'string' || Array.isArray(v)) own.set(k, v as string | string[]);
  }
  const vars = new Map(own);
  const pending = Object.entries(defaults).filter(([k]) => !own.has(k));
  // Defaults may refer to each other; a few passes settle any sane chain.
  for (let pass = 0; pass < 4 && pending.length; pass++) {
    for (const [k, v] of pending) vars.set(k, fillString(v, vars, new Set()));
  }
  return vars;
}

function fillString(s: string, vars: Vars, unset: Set<string>): string {
  if (!s.includes('{')) return s;
  return s.replace(PLACEHOLDER, (whole, name: string, lower?: string) => {
    const v = vars.get(name);
    if (v === undefined) {
      if (!RUNTIME_PLACEHOLDERS.has(name)) unset.add(name);
      return whole;
    }
    const text = typeof v === 'string' ? v : v.join(', ');
    return lower ? text.toLowerCase() : text;
  });
}

/**
 * Fills the placeholders of every string in `value` (deeply). A string that is exactly `{x}` where x
 * is a list becomes that list. Names with no value (and not filled at run time) are added to `unset`.
 */
export function fill<T>(value: T, vars: Vars, unset: Set<string>): T {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    const v = whole?.[1] !== undefined ? vars.get(whole[1]) : undefined;
    if (Array.isArray(v)) return [...(v as string[])] as T;
    return fillString(value, vars, unset) as T;
  }
  if (Array.isArray(value)) return value.map((x: unknown) => fill(x, vars, unset)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fill(v, vars, unset);
    return out as T;
  }
  return value;
}

/** Placeholders left in a string that nothing fills at run time either. */
export function unknownPlaceholders(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(PLACEHOLDER)) if (m[1] && !RUNTIME_PLACEHOLDERS.has(m[1])) out.push(m[1]);
  return out;
}
