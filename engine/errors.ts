/**
 * The catalogue of manifest problems. Each entry has a stable `name`, a `title`, a message built
 * from its arguments (what is wrong and why, no location, no "Error:" prefix) and a hint (what to do).
 */

export interface Problem {
  readonly name: ProblemName;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly message: string;
  readonly hint?: string;
  /** A few lines of the source around the location, with a caret. */
  readonly frame?: string;
}

interface Entry<A> {
  readonly title: string;
  readonly message: (args: A) => string;
  readonly hint?: (args: A) => string;
}

const entry = <A>(e: Entry<A>): Entry<A> => e;

const q = (s: unknown): string => `'${String(s)}'`;
const didYouMean = (s?: string): string => (s ? ` (did you mean ${q(s)}?)` : '');
const some = (xs: readonly string[], n = 8): string =>
  xs.length <= n ? xs.join(', ') : `${xs.slice(0, n).join(', ')} and ${xs.length - n} more`;

export const problems = {
  MissingManifest: entry<{ dir: string }>({
    title: 'Manifest not found',
    message: ({ dir }) => `No manifest files (*.yaml) were found in ${dir}.`,
    hint: () => 'Run the command from the repository root, or pass the manifest folder or file as an argument.',
  }),
  MissingFile: entry<{ file: string }>({
    title: 'Manifest file not found',
    message: ({ file }) => `The manifest file ${file} does not exist.`,
    hint: () => 'Check the path, or pass the manifest folder to read every *.yaml file in it.',
  }),
  EmptyFile: entry<Record<string, never>>({
    title: 'Empty manifest file',
    message: () => 'This manifest file is empty.',
    hint: () => 'Add top-level keys (site, ui, folders, products, slots, pages, families) or delete the file.',
  }),
  YamlSyntax: entry<{ detail: string }>({
    title: 'YAML syntax error',
    message: ({ detail }) => `The YAML cannot be read: ${detail}.`,
    hint: () => 'Check the indentation and the quotes on this line and the one before it.',
  }),
  YamlUnclosed: entry<{ open: string; close: string }>({
    title: 'Unclosed bracket',
    message: ({ open, close }) => `This '${open}' is never closed with '${close}', so the YAML cannot be read.`,
    hint: ({ open, close }) => `Add the missing '${close}', or remove the '${open}' if the value is plain text.`,
  }),
  FileTooLarge: entry<{ size: string; most: string }>({
    title: 'Manifest file too large',
    message: ({ size, most }) =>
      `This manifest file is ${size}; the most a file may be is ${most}, so it was not read.`,
    hint: () => 'Split it into several files (each holds some top-level keys), or remove what the site does not use.',
  }),
  YamlTooDeep: entry<{ most: number }>({
    title: 'YAML nested too deep',
    message: ({ most }) => `Values are nested more than ${most} levels deep here, so the file was not read.`,
    hint: () => 'A manifest never needs this depth: look for brackets or dashes repeated by mistake.',
  }),
  YamlTooManyAliases: entry<{ most: number }>({
    title: 'Too many YAML aliases',
    message: ({ most }) => `This file uses more than ${most} YAML aliases (*name), so it was not read.`,
    hint: () => 'Write the values out, or declare a family for what repeats.',
  }),
  YamlAliasesExpand: entry<{ most: string }>({
    title: 'YAML aliases expand too far',
    message: ({ most }) =>
      `The YAML aliases (*name) of this file expand it to more than ${most} values, the most a manifest file may hold, so it was not read.`,
    hint: () => 'Aliases that refer to lists of aliases multiply: write the values out, or declare a family.',
  }),
  TooManyMembers: entry<{ family: string; members: string; most: string }>({
    title: 'Family too large',
    message: ({ family, members, most }) =>
      `The family '${family}' has ${members} members; the most a family may have is ${most}.`,
    hint: () => 'Split the members into two families with the same pages, or remove members the site no longer sells.',
  }),
  TooManyPages: entry<{ pages: string; most: string }>({
    title: 'Too many pages',
    message: ({ pages, most }) =>
      `The manifest declares ${pages} pages per language (its own pages and each family member's); the most is ${most}.`,
    hint: () => 'Remove family members or family pages the site does not need.',
  }),
  NotAMapping: entry<Record<string, never>>({
    title: 'Manifest file is not a mapping',
    message: () => 'A manifest file must hold top-level keys (key: value), not a list or a single value.',
  }),
  DuplicateTopLevelKey: entry<{ key: string; other: string }>({
    title: 'Top-level key declared twice',
    message: ({ key, other }) => `The top-level key ${q(key)} is also declared in ${other}.`,
    hint: () => 'Each top-level key lives in exactly one manifest file: merge the two.',
  }),
  UnknownKey: entry<{ key: string; where: string; suggestion?: string; allowed: readonly string[] }>({
    title: 'Unknown key',
    message: ({ key, where, suggestion }) => `Unknown key ${q(key)} in ${where}${didYouMean(suggestion)}.`,
    hint: ({ allowed }) => `Allowed keys here: ${some(allowed, 30)}.`,
  }),
  RetiredKey: entry<{ key: string; where: string; instead: string }>({
    title: 'Key no longer used',
    message: ({ key, where }) => `${q(key)} in ${where} is no longer read: nothing uses it.`,
    hint: ({ instead }) => `Remove it. ${instead}`,
  }),
  MissingKey: entry<{ key: string; where: string }>({
    title: 'Missing key',
    message: ({ key, where }) => `${where} has no ${q(key)}, which is required.`,
    hint: ({ key }) => `Add \`${key}:\` here.`,
  }),
  WrongType: entry<{ key: string; expected: string; actual: string }>({
    title: 'Wrong type',
    message: ({ key, expected, actual }) => `${q(key)} must be ${expected}, not ${actual}.`,
  }),
  UnknownValue: entry<{ what: string; value: string; suggestion?: string; allowed: readonly string[] }>({
    title: 'Unknown value',
    message: ({ what, value, suggestion }) => `Unknown ${what} ${q(value)}${didYouMean(suggestion)}.`,
    hint: ({ allowed }) => `Valid values: ${some(allowed, 30)}.`,
  }),
  BadFormat: entry<{ key: string; value: string; expected: string }>({
    title: 'Badly formed value',
    message: ({ key, value, expected }) => `${q(key)} is ${q(value)}, but it must be ${expected}.`,
  }),
  InvalidValue: entry<{ key: string; detail: string }>({
    title: 'Invalid value',
    message: ({ key, detail }) => `${q(key)} ${detail}.`,
  }),
  DuplicateRoute: entry<{ path: string; other: string }>({
    title: 'Duplicate route',
    message: ({ path, other }) => `The route ${q(path)} is declared twice (also at ${other}).`,
    hint: () => 'Give one of the two pages another path, or remove it.',
  }),
  RouteCollision: entry<{ path: string; other: string; otherAt: string }>({
    title: 'Colliding routes',
    message: ({ path, other, otherAt }) =>
      `The pattern route ${q(path)} also matches ${q(other)} (${otherAt}), so one of them can never be reached reliably.`,
    hint: () => 'Rename the fixed route or change the pattern so that no path matches both.',
  }),
  DuplicateId: entry<{ what: string; id: string; other: string }>({
    title: 'Duplicate id',
    message: ({ what, id, other }) => `The ${what} id ${q(id)} is declared twice (also at ${other}).`,
    hint: () => 'Ids must be unique: rename one of them.',
  }),
  UnknownReference: entry<{ what: string; id: string; suggestion?: string; known: readonly string[]; section: string }>(
    {
      title: 'Unknown reference',
      message: ({ what, id, suggestion }) => `Unknown ${what} ${q(id)}${didYouMean(suggestion)}.`,
      hint: ({ known, section }) =>
        known.length ? `Declare it under ${section}, or use one of: ${some(known)}.` : `Declare it under ${section}.`,
    },
  ),
  BrokenLink: entry<{ href: string; suggestion?: string }>({
    title: 'Link to no page',
    message: ({ href, suggestion }) =>
      `The link ${q(href)} leads to no route of the manifest${didYouMean(suggestion)}.`,
    hint: () => 'Fix the path or declare the page it should lead to.',
  }),
  MissingPageText: entry<{ path: string; kind: string; key: string }>({
    title: 'Gallery text missing',
    message: ({ path, kind, key }) => `The ${kind} page ${q(path)} has no ${q(key)} text.`,
    hint: ({ kind, key }) => `Add texts.${key} to the page, or pageDefaults.${kind}.${key}.`,
  }),
  MissingMedia: entry<{ path: string; kind: string; needs: string }>({
    title: 'Gallery without media',
    message: ({ path, kind, needs }) => `The ${kind} page ${q(path)} shows no media: it needs ${needs}.`,
    hint: () => 'Set `folder:` to a declared folder path, or `product:` to a product that has a folder.',
  }),
  UnsetVariable: entry<{ variable: string; member: string; family: string }>({
    title: 'Family variable not set',
    message: ({ variable, member, family }) =>
      `Member ${q(member)} of family ${q(family)} uses {${variable}} but does not set it, and the family has no default.`,
    hint: ({ variable }) => `Add \`${variable}: ...\` to the member, or to the family's vars.`,
  }),
  DuplicateSlug: entry<{ slug: string; family: string; other: string }>({
    title: 'Slug used twice',
    message: ({ slug, family, other }) => `slug ${q(slug)} is used twice in family ${q(family)} (also at ${other}).`,
    hint: () => 'Each member needs its own slug (it names its pages, products and folders): rename one.',
  }),
  UnknownMemberKey: entry<{
    key: string;
    member: string;
    family: string;
    suggestion?: string;
    allowed: readonly string[];
  }>({
    title: 'Unknown member key',
    message: ({ key, member, family, suggestion }) =>
      `Unknown key ${q(key)} in member ${q(member)} of family ${q(family)}${didYouMean(suggestion)}: nothing in the family uses it.`,
    hint: ({ allowed }) => `Keys a member of this family may set: ${some(allowed, 30)}.`,
  }),
  MemberShape: entry<{ key: string; expected: 'list' | 'text'; actual: string }>({
    title: 'Value of the wrong shape',
    message: ({ key, expected, actual }) =>
      `${q(key)} must be ${expected === 'list' ? 'a list' : 'a text'} here, not ${actual}.`,
    hint: ({ key, expected }) =>
      expected === 'list'
        ? `Write a list: \`${key}: [First item, Second item]\`, or one \`- item\` a line below \`${key}:\`.`
        : `Write one text: \`${key}: ...\` (quote it if it holds ': ' or starts with '[').`,
  }),
  UnknownWithout: entry<{ value: string; family: string; suggestion?: string; allowed: readonly string[] }>({
    title: 'without names nothing',
    message: ({ value, family, suggestion }) =>
      `\`without\` names ${q(value)}, which is no page or product of family ${q(family)}${didYouMean(suggestion)}.`,
    hint: ({ allowed }) => `It may name: ${some(allowed, 30)}.`,
  }),
  UnknownInterest: entry<{ key: string; category: string; suggestion?: string; categories: readonly string[] }>({
    title: 'Interest in no category',
    message: ({ key, category, suggestion }) =>
      `The text ${q(key)} offers the category ${q(category)}, which no product belongs to${didYouMean(suggestion && `interest-${suggestion}`)}.`,
    hint: ({ categories }) =>
      `Offer a category of the products (${some(categories)}) as interest-<category>, or remove the text.`,
  }),
  NoInterests: entry<{ path: string; categories: readonly string[] }>({
    title: 'Consultation page offers nothing',
    message: ({ path }) =>
      `The consultation page ${q(path)} offers no products: it has no text interest-<category>, so visitors could pick none and no request would be accepted.`,
    hint: ({ categories }) =>
      `Add a text interest-<category> with the label visitors pick, for some of: ${some(categories)}.`,
  }),
  NotMailAddress: entry<{ key: 'notify' | 'mailFrom'; value: string }>({
    title: 'Not an e-mail address',
    message: ({ key, value }) => `${q(key)} holds ${q(value)}, which is not an e-mail address.`,
    hint: ({ key }) =>
      key === 'notify'
        ? 'List the addresses that get a mail for each request, separated by commas: requests@example.com, sales@example.com.'
        : 'Give the one address the request mails come from, like website@example.com.',
  }),
  UnknownPlaceholder: entry<{ key: string; name: string; allowed: readonly string[] }>({
    title: 'Placeholder nothing fills here',
    message: ({ key, name }) => `${q(key)} uses {${name}}, which nothing fills in it.`,
    hint: ({ allowed }) => `It may use ${allowed.map((a) => `{${a}}`).join(' and ')}.`,
  }),
  MissingSignIn: entry<{ what: string }>({
    title: 'No sign-in page',
    message: ({ what }) => `${what} is for signed-in staff, but no page is of kind 'sign-in', so staff cannot sign in.`,
    hint: () => 'Add a page with `kind: sign-in` (for example `path: /sign-in`) and its texts.',
  }),
  MissingManifestEditor: entry<{ what: string }>({
    title: 'No manifest editor page',
    message: ({ what }) =>
      `${what} is a staff tool, but no page is of kind 'manifest-editor', so staff could not edit or roll back the manifest in the browser once this is live.`,
    hint: () =>
      'Add a page with `kind: manifest-editor` (for example `path: /admin/manifest`, heading Manifest Editor) and its texts.',
  }),
  UnknownLanguage: entry<{ language: string; languages: string[] }>({
    title: 'Text in a language the site does not have',
    message: ({ language, languages }) =>
      `This text has a value in ${q(language)}, but site.languages is [${languages.join(', ')}], so it is never shown.`,
    hint: ({ language }) => `Add ${q(language)} to site.languages, or correct the language code.`,
  }),
  MissingDefaultText: entry<{ language: string }>({
    title: 'Text without its default-language value',
    message: ({ language }) =>
      `This text gives values per language but none in ${q(language)}, the default language (the first of site.languages).`,
    hint: ({ language }) => `Add '${language}: ...' to it: every other language falls back to it.`,
  }),
  MalformedMessage: entry<{ kind: string; hint: string }>({
    title: 'Malformed message',
    message: ({ kind }) =>
      `This message cannot be read (${kind.toLowerCase().replaceAll('_', ' ')}), so it could not be shown.`,
    hint: ({ hint }) => hint,
  }),
  ReviewedLanguage: entry<{ language: string; languages: string[] }>({
    title: 'Review mark for a language without translations',
    message: ({ language, languages }) =>
      `This review mark is for ${q(language)}, which is not a further language of the site (site.languages is [${languages.join(', ')}]; the first is the default, whose text translations are reviewed against), so it marks nothing.`,
    hint: ({ language }) => `Remove reviewed.${language}, or correct the language code.`,
  }),
  MalformedReviewMark: entry<{ mark: string }>({
    title: 'Malformed review mark',
    message: ({ mark }) =>
      `${q(mark)} is not a review mark (the first 8 hex digits, 0-9 and a-f, of the SHA-256 of the default-language text), so this translation cannot be told current or stale.`,
    hint: () =>
      'Review the translation, then write its mark with npm run translations -- --mark-current <key>, or remove this one.',
  }),
  UnknownParamSource: entry<{ param: string; path: string }>({
    title: 'Route parameter without values',
    message: ({ param, path }) => `The route ${q(path)} has :${param} but params.${param} gives no values.`,
    hint: () => 'Add params.<name> with `values: [...]` or `family: <id>, var: <variable>`.',
  }),
};

export type ProblemName = keyof typeof problems;
export type ProblemArgs<N extends ProblemName> = Parameters<(typeof problems)[N]['message']>[0];

/** Where a problem is: a manifest file and a position in it (1-based). */
export interface Place {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly frame?: string;
}

export function problem<N extends ProblemName>(name: N, args: ProblemArgs<N>, place: Place): Problem {
  const e = problems[name] as Entry<ProblemArgs<N>>;
  const hint = e.hint?.(args);
  return { name, ...place, message: e.message(args), ...(hint ? { hint } : {}) };
}

/** `file:line:col  message  (hint)`, one problem a line, then its code frame when asked. */
export function formatProblem(p: Problem, withFrame = false): string {
  const head = `${p.file}:${p.line}:${p.col}  ${p.message}${p.hint ? `  (${p.hint})` : ''}`;
  return withFrame && p.frame ? `${head}\n${p.frame}` : head;
}
