import { checkCatalogue } from './checks.ts';
import type { Problem } from './errors.ts';
import { expand, type Expanded } from './expand.ts';
import { declarationLimits } from './limits.ts';
import type { Catalogue } from './model.ts';
import { unknowable, unreadSections, withEmptySections } from './partial.ts';
import { checkServerNeeds } from './server-needs.ts';
import { compileMessages } from './messages.ts';
import { parseSources, type ParseMemo, type ParsedManifest, type SourceFile } from './source.ts';
import { defaultLanguageInput, textsIn, translationsOf } from './translations.ts';
import type { LocalizedManifestInput } from './types.ts';
import { usableManifest } from './usable.ts';
import { schemaCheck } from './validate.ts';

export type {
  Catalogue,
  Page,
  Product,
  Folder,
  Drawing,
  Slot,
  Section,
  Card,
  Link,
  NavItem,
  SitemapEntry,
} from './model.ts';
export type { Contact, ManifestInput, PageKind, SectionType } from './types.ts';
export type { SourceFile } from './source.ts';
export { ParseMemo } from './source.ts';
export { formatProblem, type Problem } from './errors.ts';
export { assertManifest } from './validate.ts';
export { compileRoute, matchPath, instances, isPattern, isCatchAll } from './routes.ts';
export { manifestSchema } from './schema.ts';
export * from './kinds.ts';
export * from './sections.ts';
export { pageIslands, sectionIslands } from './islands.ts';
export type { TextKey, UiKey, Texts, UiTexts, InterestKey } from './texts.ts';
export type { Translation, UntranslatedText } from './model.ts';
export { catalogueIn, pageLanguages, publishedIn, publishedLanguages } from './translations.ts';
export { formatText, type CompiledMessage } from './messages.ts';
export {
  alternatesOf,
  atPrefix,
  homeOf,
  languageOf,
  linkIn,
  pageAt,
  prefixOf,
  siteIn,
  type Alternate,
} from './addresses.ts';
export { translationStatus } from './status.ts';

export type BuildResult =
  | { readonly ok: true; readonly catalogue: Catalogue; readonly problems: readonly [] }
  | { readonly ok: false; readonly problems: readonly Problem[] };

const byPlace = (a: Problem, b: Problem): number => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col;

/**
 * Problems that only follow from a declaration the schema set aside (usable.ts), or from a file that
 * could not be read (partial.ts): the mistake itself is reported.
 */
const CONSEQUENCES = new Set<Problem['name']>(['UnknownReference', 'BrokenLink', 'UnsetVariable', 'DuplicateRoute']);

/**
 * The whole pipeline: parse (within the limits of limits.ts) -> validate (schema) -> expand (families)
 * -> check (references, routes, what the server needs).
 * Every stage runs, also after an earlier one found problems, on what is still usable of the manifest
 * (a declaration the schema refuses is set aside; a file that cannot be read leaves its sections
 * unknown, see partial.ts), so one run reports every mistake; each mistake is reported once. Pure:
 * takes the manifest files' texts, returns the Catalogue or every problem found, sorted by place.
 */
export function buildCatalogue(sources: readonly SourceFile[], memo?: ParseMemo): BuildResult {
  const parsed = parseSources(sources, memo);
  const m = parsed.manifest;
  // A manifest beyond what it may declare is not validated or expanded: that is what would cost.
  const beyond = declarationLimits(m.data, m.locate);
  if (beyond.length) return { ok: false, problems: [...parsed.problems, ...beyond].sort(byPlace) };
  const unread = unreadSections(m.data, parsed.unreadable, parsed.ignored);
  const schema = schemaCheck(m, unread);
  const found: Problem[] = [...parsed.problems, ...schema.problems];
  const usable = usableManifest(withEmptySections(m.data, unread), schema.invalid);
  let expanded: Expanded | undefined;
  if (usable) {
    const later: Problem[] = [];
    try {
      expanded = expand(defaultLanguageInput(usable.input, m, later), m, later);
      const unknown = new Set([...unread, ...usable.unknown]);
      later.push(...checkCatalogue(expanded, m, unknown), ...checkServerNeeds(expanded, m, unknown));
    } catch (error) {
      // Only data the schema refused (or could not see) can surprise expansion; its problems are reported.
      if (found.length === 0) throw error;
    }
    const dropped = [...usable.dropped];
    const follows = (p: Problem): boolean =>
      (CONSEQUENCES.has(p.name) && dropped.some((d) => p.message.includes(`'${d}`) || p.message.includes(`-${d}`))) ||
      (p.name === 'UnknownParamSource' && (unknowable(unread, 'family') || usable.unknown.has('families')));
    found.push(...later.filter((p) => !follows(p)));
  }
  const seen = new Set<string>();
  const problems = found.sort(byPlace).filter((p) => {
    const sig = `${p.file}:${p.line}:${p.col}:${p.message}`;
    return !seen.has(sig) && seen.add(sig);
  });
  if (problems.length || !expanded || !usable) return { ok: false, problems };
  return { ok: true, catalogue: withLanguages(expanded.catalogue, usable.input, m), problems: [] };
}

/** The catalogue with its languages: its messages compiled, each further language read (translations.ts). */
function withLanguages(catalogue: Catalogue, input: LocalizedManifestInput, m: ParsedManifest): Catalogue {
  const messages = compileMessages(textsIn(catalogue));
  return { ...catalogue, messages, translations: translationsOf(input, m, catalogue.languages) };
}
export { sitemapXml, robotsTxt, routeTable, routeTableMarkdown, checklistText } from './outputs.ts';
