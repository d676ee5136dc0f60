import { checkCatalogue } from './checks.ts';
import type { Problem } from './errors.ts';
import { expand } from './expand.ts';
import type { Catalogue } from './model.ts';
import { parseSources, type SourceFile } from './source.ts';
import type { ManifestInput } from './types.ts';
import { validateManifest } from './validate.ts';

export type { Catalogue, Page, Product, Folder, Slot, Section, Card, Link, NavItem, SitemapEntry } from './model.ts';
export type { ManifestInput, PageKind, SectionType } from './types.ts';
export type { SourceFile } from './source.ts';
export { formatProblem, type Problem } from './errors.ts';
export { assertManifest } from './validate.ts';
export { compileRoute, matchPath, instances, isPattern, isCatchAll } from './routes.ts';
export { PAGE_KINDS, SECTION_TYPES, manifestSchema } from './schema.ts';

export type BuildResult =
  | { readonly ok: true; readonly catalogue: Catalogue; readonly problems: readonly [] }
  | { readonly ok: false; readonly problems: readonly Problem[] };

const byPlace = (a: Problem, b: Problem): number => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col;

/**
 * The whole pipeline: parse -> validate (schema) -> expand -> check. Pure: takes the manifest files'
 * texts, returns the Catalogue or every problem found, sorted by place.
 */
export function buildCatalogue(sources: readonly SourceFile[]): BuildResult {
  const parsed = parseSources(sources);
  const m = parsed.manifest;
  if (!m || parsed.problems.length) return { ok: false, problems: parsed.problems.sort(byPlace) };
  const schemaProblems = validateManifest(m);
  if (schemaProblems.length) return { ok: false, problems: schemaProblems.sort(byPlace) };
  const found: Problem[] = [];
  const expanded = expand(m.data as ManifestInput, m, found);
  found.push(...checkCatalogue(expanded, m));
  if (found.length) return { ok: false, problems: found.sort(byPlace) };
  return { ok: true, catalogue: expanded.catalogue, problems: [] };
}
export { sitemapXml, robotsTxt, routeTable, routeTableMarkdown, checklistText } from './outputs.ts';
