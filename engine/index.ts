import { checkCatalogue } from './checks.ts';
import type { Problem } from './errors.ts';
import { expand, type Expanded } from './expand.ts';
import type { Catalogue } from './model.ts';
import { parseSources, type ParseMemo, type SourceFile } from './source.ts';
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
export { SECTION_TYPES, manifestSchema } from './schema.ts';
export * from './kinds.ts';
export type { TextKey, UiKey, Texts, UiTexts, InterestKey } from './texts.ts';

export type BuildResult =
  | { readonly ok: true; readonly catalogue: Catalogue; readonly problems: readonly [] }
  | { readonly ok: false; readonly problems: readonly Problem[] };

const byPlace = (a: Problem, b: Problem): number => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col;

/** Problems that only follow from a declaration the schema set aside (usable.ts): its mistake is reported. */
const CONSEQUENCES = new Set<Problem['name']>(['UnknownReference', 'BrokenLink', 'UnsetVariable', 'DuplicateRoute']);

/**
 * The whole pipeline: parse -> validate (schema) -> expand (families) -> check (references, routes).
 * Every stage runs, also after an earlier one found problems, on what is still usable of the manifest
 * (a declaration the schema refuses is set aside), so one run reports every mistake; each mistake is
 * reported once. Pure: takes the manifest files' texts, returns the Catalogue or every problem found,
 * sorted by place.
 */
export function buildCatalogue(sources: readonly SourceFile[], memo?: ParseMemo): BuildResult {
  const parsed = parseSources(sources, memo);
  const m = parsed.manifest;
  const found: Problem[] = [...parsed.problems];
  let expanded: Expanded | undefined;
  if (m) {
    const yamlBroken = parsed.problems.length > 0;
    const schema = schemaCheck(m);
    // With a file unreadable, its top-level keys are missing: that is the YAML mistake, not another one.
    found.push(...(yamlBroken ? schema.problems.filter((p) => p.name !== 'MissingKey') : schema.problems));
    const usable = yamlBroken ? null : usableManifest(m.data, schema.invalid);
    if (usable) {
      const later: Problem[] = [];
      try {
        expanded = expand(usable.input, m, later);
        later.push(...checkCatalogue(expanded, m));
      } catch (error) {
        // Only data the schema refused can surprise expansion; its problems are reported above.
        if (schema.problems.length === 0) throw error;
      }
      const dropped = [...usable.dropped];
      const follows = (p: Problem): boolean =>
        CONSEQUENCES.has(p.name) && dropped.some((d) => p.message.includes(`'${d}`) || p.message.includes(`-${d}`));
      found.push(...later.filter((p) => !follows(p)));
    }
  }
  const seen = new Set<string>();
  const problems = found.sort(byPlace).filter((p) => {
    const sig = `${p.file}:${p.line}:${p.col}:${p.message}`;
    return !seen.has(sig) && seen.add(sig);
  });
  if (problems.length || !expanded) return { ok: false, problems };
  return { ok: true, catalogue: expanded.catalogue, problems: [] };
}
export { sitemapXml, robotsTxt, routeTable, routeTableMarkdown, checklistText } from './outputs.ts';
