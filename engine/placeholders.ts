/**
 * Placeholders: `{name}` (or `{name|lower}`) in manifest texts. Family placeholders are filled when
 * the engine expands a family (a member's variables); runtime placeholders when a page is shown
 * (`fillText`, shared by the server and the browser).
 */

/** Member variables of a family: text or a list of texts (features). */
export type MemberVars = ReadonlyMap<string, string | readonly string[]>;

/** Values of the runtime placeholders of a page: {n} {name} {type} {mediaType} {mediaTypeLabel}. */
export type Vars = Readonly<Record<string, string | number | undefined>>;

const PLACEHOLDER = /\{([A-Za-z]\w*)(\|lower)?\}/g;
const WHOLE = /^\{([A-Za-z]\w*)\}$/;

/** Fills the runtime placeholders of `text` that `vars` knows; unknown ones stay as written. */
export function fillText(text: string, vars: Vars): string {
  if (!text.includes('{')) return text;
  return text.replace(PLACEHOLDER, (whole, name: string, lower?: string) => {
    const v = vars[name];
    if (v === undefined) return whole;
    return lower ? String(v).toLowerCase() : String(v);
  });
}

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
  // consultation mail subject
  'site',
  // folder health
  'problems',
  'photos',
  'videos',
  'size',
  'time',
  'error',
  'used',
  'limit',
  'free',
  'calls',
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

/** A template split once into literal text and placeholders: [text, name, lower, text, ...]. */
type Parts = readonly (string | { readonly name: string; readonly lower: boolean; readonly whole: string })[];
const compiled = new Map<string, Parts>();

function compile(s: string): Parts {
  let parts = compiled.get(s);
  if (!parts) {
    const out: Parts[number][] = [];
    let last = 0;
    for (const m of s.matchAll(PLACEHOLDER)) {
      out.push(s.slice(last, m.index));
      out.push({ name: m[1] ?? '', lower: m[2] !== undefined, whole: m[0] });
      last = m.index + m[0].length;
    }
    out.push(s.slice(last));
    parts = out;
    // Templates are few; the bound only guards a long-running process against odd input.
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(s, parts);
  }
  return parts;
}

function fillString(s: string, vars: MemberVars, unset: Set<string>): string {
  if (!s.includes('{')) return s;
  let out = '';
  for (const part of compile(s)) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const v = vars.get(part.name);
    if (v === undefined) {
      if (!RUNTIME_PLACEHOLDERS.has(part.name)) unset.add(part.name);
      out += part.whole;
      continue;
    }
    const text = typeof v === 'string' ? v : v.join(', ');
    out += part.lower ? text.toLowerCase() : text;
  }
  return out;
}

/** A template compiled once: fills its placeholders for one member's variables. */
export type Filler<T> = (vars: MemberVars, unset: Set<string>) => T;

/**
 * Compiles `value` (deeply) into a filler of the placeholders of its strings. A string that is
 * exactly `{x}` where x is a list becomes that list. Names with no value (and not filled at run
 * time) are added to `unset`. Compile once per family, fill once per member.
 */
export function compileTemplate<T>(value: T): Filler<T> {
  return compileAny(value) as Filler<T>;
}

function compileAny(value: unknown): Filler<unknown> {
  if (typeof value === 'string') {
    if (!value.includes('{')) return () => value;
    const whole = WHOLE.exec(value)?.[1];
    return (vars, unset) => {
      const v = whole !== undefined ? vars.get(whole) : undefined;
      return Array.isArray(v) ? [...(v as string[])] : fillString(value, vars, unset);
    };
  }
  if (Array.isArray(value)) {
    const items = value.map(compileAny);
    return (vars, unset) => items.map((f) => f(vars, unset));
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([k, v]) => [k, compileAny(v)] as const);
    return (vars, unset) => {
      const out: Record<string, unknown> = {};
      for (const [k, f] of entries) out[k] = f(vars, unset);
      return out;
    };
  }
  return () => value;
}

/** Placeholders left in a string that nothing fills at run time either. */
export function unknownPlaceholders(s: string): string[] {
  return placeholdersIn(s).filter((name) => !RUNTIME_PLACEHOLDERS.has(name));
}

/**
 * The placeholders of a text. In an ICU message (`{count, plural, one {# image} other {# images}}`) a
 * case's text in braces is no placeholder, even when it is one word (`one {image}`); the placeholders
 * inside a case's text are.
 */
function placeholdersIn(s: string): string[] {
  if (!s.includes(',')) return [...s.matchAll(PLACEHOLDER)].flatMap((m) => (m[1] ? [m[1]] : []));
  const out: string[] = [];
  // Whether each open brace holds text (the top level, a case) or an argument with its cases.
  const inArgument: boolean[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '}') inArgument.pop();
    if (ch !== '{') continue;
    if (inArgument.at(-1) === true) {
      inArgument.push(false);
      continue;
    }
    const simple = /^\{([A-Za-z]\w*)(\|lower)?\}/.exec(s.slice(i));
    if (simple?.[1]) {
      out.push(simple[1]);
      i += simple[0].length - 1;
    } else inArgument.push(true);
  }
  return out;
}

/** Keys whose value is a list: a `{x}` alone there takes the member's list as it is. */
const LIST_KEYS = new Set(['features', 'bullets', 'claims', 'aliases', 'alsoActiveOn', 'excludeTypes']);

/** How a family's templates use each variable: as a whole list value (`features: '{features}'`) or in text. */
export function templateUses(value: unknown, uses = new Map<string, { list: boolean; text: boolean }>(), key = '') {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value)?.[1];
    for (const m of value.matchAll(PLACEHOLDER)) {
      const name = m[1] ?? '';
      const use = uses.get(name) ?? uses.set(name, { list: false, text: false }).get(name);
      if (!use) continue;
      if (whole === name && LIST_KEYS.has(key)) use.list = true;
      else use.text = true;
    }
  } else if (Array.isArray(value)) {
    for (const item of value) templateUses(item, uses, key);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) templateUses(v, uses, k);
  }
  return uses;
}
