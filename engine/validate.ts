import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { isSiteAddress, SITE_ADDRESS } from './shared/site-address.ts';
import { problem, type Problem } from './errors.ts';
import { manifestSchema } from './schema.ts';
import type { DataPath, ParsedManifest } from './source.ts';
import { suggest } from './suggest.ts';
import type { ManifestInput } from './types.ts';

let ajv: Ajv | undefined;
let compiled: ValidateFunction | undefined;
const newAjv = (): Ajv =>
  (ajv ??= new Ajv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true }).addFormat(
    SITE_ADDRESS,
    isSiteAddress,
  ));
const validator = (): ValidateFunction => (compiled ??= newAjv().compile(manifestSchema));

type Key = keyof typeof manifestSchema.properties;
const KEYS = Object.keys(manifestSchema.properties) as Key[];
/** The root alone: required keys, no unknown key (each key's value is checked by its own validator). */
let rootOnly: ValidateFunction | undefined;
const byKey = new Map<Key, ValidateFunction>();
/** Each key's validator: the schema of the manifest with only that property (same error paths). */
const keyValidator = (k: Key): ValidateFunction => {
  let v = byKey.get(k);
  if (!v) {
    const schema = {
      type: 'object',
      definitions: manifestSchema.definitions,
      properties: { [k]: manifestSchema.properties[k] },
    };
    byKey.set(k, (v = newAjv().compile(schema)));
  }
  return v;
};
/**
 * Errors of a key's value, remembered by the value's identity: when the text of a manifest file did not
 * change since the last build (a reload, the fuzz test), its parsed value is the same object and is not
 * validated again (see `ParseMemo`).
 */
const checkedValues = new WeakMap<object, readonly ErrorObject[]>();
function errorsOf(data: Record<string, unknown>): ErrorObject[] {
  rootOnly ??= newAjv().compile({
    type: 'object',
    additionalProperties: false,
    required: manifestSchema.required,
    properties: Object.fromEntries(KEYS.map((k) => [k, true])),
  });
  const out: ErrorObject[] = rootOnly(data) ? [] : [...(rootOnly.errors ?? [])];
  for (const k of KEYS) {
    if (!Object.hasOwn(data, k)) continue;
    const value = data[k];
    const known = value && typeof value === 'object' ? checkedValues.get(value) : undefined;
    if (known) {
      out.push(...known);
      continue;
    }
    const v = keyValidator(k);
    const errors = v({ [k]: value }) ? [] : [...(v.errors ?? [])];
    if (value && typeof value === 'object') checkedValues.set(value, errors);
    out.push(...errors);
  }
  return out;
}

/** Asserts that `x` is a manifest as the schema describes it (for code that builds one in memory). */
export function assertManifest(x: unknown): asserts x is ManifestInput {
  if (!validator()(x)) throw new TypeError(`Invalid manifest: ${JSON.stringify(validator().errors?.[0])}`);
}

/** Schema validation, every problem at once, each rewritten for people and placed in its file. */
export function validateManifest(m: ParsedManifest): Problem[] {
  return schemaCheck(m).problems;
}

/**
 * Schema validation with the data paths of what is invalid (for `usable.ts`, which sets them aside).
 * A top-level section in `unread` (it may be in a file that could not be read, see partial.ts) is not
 * reported missing.
 */
export function schemaCheck(
  m: ParsedManifest,
  unread: ReadonlySet<string> = new Set(),
): { problems: Problem[]; invalid: DataPath[] } {
  const errors = errorsOf(m.data).filter(
    (e) => !(e.keyword === 'required' && e.instancePath === '' && unread.has(String(e.params['missingProperty']))),
  );
  if (errors.length === 0) return { problems: [], invalid: [] };
  // The errors of the branch of an anyOf the value meant (a card, not a text): their paths say what to set aside.
  const picked = pickBranches(errors);
  const invalid = picked.map((e) => (e.propertyName !== undefined ? [...pathOf(e), e.propertyName] : pathOf(e)));
  return { problems: rewrite(picked, m), invalid };
}

const pathOf = (e: ErrorObject): (string | number)[] =>
  e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/** Of the branches of a failed anyOf, keep the errors of the branches whose type matched the value. */
function pickBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  const drop = new Set<ErrorObject>(anyOfs);
  const extra: ErrorObject[] = [];
  for (const a of anyOfs) {
    // A definition's anyOf (a text) is shared by every value that refers to it: keep this value's errors.
    const inBranch = errors.filter(
      (e) =>
        e.schemaPath.startsWith(`${a.schemaPath}/`) &&
        (e.instancePath === a.instancePath || e.instancePath.startsWith(`${a.instancePath}/`)),
    );
    const branchOf = (e: ErrorObject): string => e.schemaPath.slice(a.schemaPath.length + 1).split('/')[0] ?? '';
    const typeMiss = new Set(
      inBranch.filter((e) => e.keyword === 'type' && e.instancePath === a.instancePath).map(branchOf),
    );
    const branches = new Set(inBranch.map(branchOf));
    let matched = [...branches].filter((b) => !typeMiss.has(b));
    // A mapping whose keys are no language codes is not a text per language: another object was meant (a
    // card), or none (then the value is reported as not a text).
    const notTexts = new Set(
      inBranch.filter((e) => e.keyword === 'propertyNames' && e.instancePath === a.instancePath).map(branchOf),
    );
    matched = matched.filter((b) => !notTexts.has(b));
    for (const e of inBranch) if (!matched.includes(branchOf(e))) drop.add(e);
    if (matched.length === 0) {
      const misses = inBranch.filter((e) => e.keyword === 'type' && e.instancePath === a.instancePath);
      // A text per language is still 'a text' to the people who write it.
      const perLanguage = (e: ErrorObject): boolean =>
        Boolean((e.parentSchema as { propertyNames?: unknown } | undefined)?.propertyNames);
      const named = misses.filter((e) => !perLanguage(e));
      const types = (named.length ? named : misses).map((e) => String(e.params['type']));
      extra.push({ ...a, keyword: 'type', params: { type: [...new Set(types)].join(' or ') } });
    }
  }
  return [...errors.filter((e) => !drop.has(e)), ...extra];
}

const WHAT: Record<string, string> = {
  kind: 'page kind',
  type: 'section type',
  media: 'media type',
  match: 'match rule',
  icon: 'icon',
};
const FORMAT: Record<string, string> = {
  '^/': "a site path starting with '/'",
  '^[a-z0-9][a-z0-9-]*$': "an id in lower case letters, digits and '-' (e.g. 'fixed-roof-attached')",
  [SITE_ADDRESS]: "an address such as 'https://www.example.com' (a valid host and port, no path, no trailing '/')",
  '^[A-Za-z0-9_-]{1,128}$': 'a Drive folder id (letters, digits, _ and -)',
  '^[^/].*[^/]$|^[^/]$': "a folder path such as 'Screens/Cable Guided Screens' (no leading or trailing '/')",
};

const isPage = (path: DataPath): boolean =>
  (path.length === 2 && path[0] === 'pages') || (path.length === 4 && path[0] === 'families' && path[2] === 'pages');

/** Keys the manifest once took and no longer reads: what to do instead, where `at` says the key sits. */
const RETIRED: Readonly<Record<string, { readonly at: (path: DataPath) => boolean; readonly instead: string }>> = {
  media: {
    at: isPage,
    instead:
      'A gallery shows what its page kind says: image-gallery its photos, video-gallery its videos, media-gallery the media type its address names.',
  },
};

function describe(path: DataPath): string {
  if (path.length === 0) return 'the manifest';
  return path.map((s) => (typeof s === 'number' ? `item ${s + 1}` : s)).join(' > ');
}

const typeName = (v: unknown): string =>
  v === null
    ? 'empty (null)'
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'object'
        ? 'a mapping'
        : `the ${typeof v} ${JSON.stringify(v)}`;
const expectedName = (t: string): string =>
  t
    .split(/,| or /)
    .map(
      (x) =>
        ({
          string: 'a text',
          array: 'a list',
          object: 'a mapping',
          boolean: 'true or false',
          number: 'a number',
          null: 'empty',
        })[x.trim()] ?? x,
    )
    .join(' or ');

/** The problems of the validator's errors, for people: one per place and message. */
function rewrite(errors: readonly ErrorObject[], m: ParsedManifest): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const p = problemOf(e, m);
    if (!p) continue;
    const sig = `${p.file}:${p.line}:${p.col}:${p.message}`;
    if (!seen.has(sig)) {
      seen.add(sig);
      out.push(p);
    }
  }
  return out;
}

/** One validator error as a located problem; undefined when another error of the same value says it. */
function problemOf(e: ErrorObject, m: ParsedManifest): Problem | undefined {
  const path = pathOf(e);
  const key = String(path[path.length - 1] ?? 'manifest');
  // A key name that fits no allowed form: reported once, by its enum (with a did-you-mean).
  if (e.propertyName !== undefined && e.keyword !== 'enum') return undefined;
  switch (e.keyword) {
    case 'additionalProperties':
      return extraKeyProblem(e, path, m);
    case 'required':
      return problem('MissingKey', { key: String(e.params['missingProperty']), where: describe(path) }, m.locate(path));
    case 'type':
      return String(e.params['type']) === 'array' && typeof e.data === 'string'
        ? problem('MemberShape', { key, expected: 'list', actual: typeName(e.data) }, m.locate(path))
        : problem(
            'WrongType',
            { key, expected: expectedName(String(e.params['type'])), actual: typeName(e.data) },
            m.locate(path),
          );
    case 'enum':
      return unknownValueProblem(e, path, key, m);
    case 'propertyNames':
    case 'anyOf':
      return undefined;
    case 'format':
    case 'pattern': {
      const pattern = String(e.params[e.keyword]);
      return problem(
        'BadFormat',
        { key, value: String(e.data), expected: FORMAT[pattern] ?? `of the form ${pattern}` },
        m.locate(path),
      );
    }
    case 'minItems':
    case 'minLength':
      return problem('InvalidValue', { key, detail: 'must not be empty' }, m.locate(path));
    default:
      return problem('InvalidValue', { key, detail: e.message ?? 'is not valid' }, m.locate(path));
  }
}

/** A key the schema does not allow where it is: a retired key with what to do instead, or an unknown one. */
function extraKeyProblem(e: ErrorObject, path: DataPath, m: ParsedManifest): Problem {
  const extra = String(e.params['additionalProperty']);
  const retired = Object.hasOwn(RETIRED, extra) ? RETIRED[extra] : undefined;
  if (retired?.at(path)) {
    return problem(
      'RetiredKey',
      { key: extra, where: describe(path), instead: retired.instead },
      m.locate([...path, extra], { key: true }),
    );
  }
  const allowed = Object.keys((e.parentSchema as { properties?: object }).properties ?? {});
  return problem(
    'UnknownKey',
    { key: extra, where: describe(path), allowed, suggestion: suggest(extra, allowed) },
    m.locate([...path, extra], { key: true }),
  );
}

/** A value (or a key name) outside its list of allowed names, with a did-you-mean. */
function unknownValueProblem(e: ErrorObject, path: DataPath, key: string, m: ParsedManifest): Problem | undefined {
  // A list or mapping where a name belongs: the 'type' error of the same value says so.
  if (e.data !== null && typeof e.data === 'object' && e.propertyName === undefined) return undefined;
  const allowed = (e.params['allowedValues'] as unknown[]).map(String);
  const value = String(e.data);
  const what =
    e.propertyName === undefined
      ? (WHAT[key] ?? (path[path.length - 2] === 'icons' ? 'icon' : `value for '${key}'`))
      : key === 'texts'
        ? 'text key'
        : 'page kind';
  const at = e.propertyName !== undefined ? m.locate([...path, e.propertyName], { key: true }) : m.locate(path);
  return problem(
    'UnknownValue',
    { what, value: e.propertyName ?? value, allowed, suggestion: suggest(e.propertyName ?? value, allowed) },
    at,
  );
}
