/**
 * The manifest read in one language. Staff write each visitor text as a plain text (the default
 * language) or as one value per language (`{ en: Pergolas, es: Pérgolas }`); the schema says which
 * values are texts (its `text` and `label` definitions), and this walk follows the schema to take
 * each text in one language. Pure.
 */

import { LANGUAGE, manifestSchema, perLanguage, REVIEWED } from './schema.ts';
import { SECTIONS, type SectionDef } from './sections.ts';
import type { DataPath } from './source.ts';

/** The languages of the manifest (`site.languages`; absent: English alone). The first is the default. */
export function languagesOf(data: Readonly<Record<string, unknown>>): readonly string[] {
  const site = data['site'] as { languages?: unknown } | undefined;
  const list = site?.languages;
  const valid = Array.isArray(list) ? list.filter((l): l is string => typeof l === 'string' && LANGUAGE.test(l)) : [];
  return valid.length ? [...new Set(valid)] : ['en'];
}

/** A text as staff write it: plain (the default language), or one value per language. */
export type Localized = string | Readonly<Record<string, string>>;

/** Per further language, the review mark of a text's translation (its `reviewed` map; see review.ts). */
export type Reviewed = Readonly<Record<string, unknown>>;

/** A text of the manifest as it was found: where, its value per language (a plain text: the default's), its review marks. */
export interface TextFound {
  readonly path: DataPath;
  readonly values: Readonly<Record<string, string>>;
  readonly reviewed: Reviewed;
}

/**
 * A text needs translating when it has words: a text of placeholders, figures and signs alone
 * (`'{name}'`, `'25+'`, `'{features}'`) reads the same in every language.
 */
export const needsTranslation = (text: string): boolean => /\p{L}/u.test(text.replace(/\{[^{}]*\}/g, ''));

/** The value of a text in `language`, or undefined when it has none there (see `textIn` for the fallback). */
export function valueIn(text: Localized, language: string, defaultLanguage: string): string | undefined {
  if (typeof text === 'string') return language === defaultLanguage || !needsTranslation(text) ? text : undefined;
  const own = text[language];
  if (own !== undefined) return own;
  const fallback = text[defaultLanguage];
  return fallback !== undefined && !needsTranslation(fallback) ? fallback : undefined;
}

type SchemaNode = Readonly<Record<string, unknown>>;
const DEFINITIONS = manifestSchema.definitions as Readonly<Record<string, SchemaNode>>;

const deref = (node: SchemaNode): SchemaNode => {
  const ref = node['$ref'];
  return typeof ref === 'string' ? (DEFINITIONS[ref.replace('#/definitions/', '')] ?? node) : node;
};
const branches = (node: SchemaNode): readonly SchemaNode[] => (node['anyOf'] as SchemaNode[] | undefined) ?? [];
const isTextNode = (node: SchemaNode): boolean => branches(node).includes(perLanguage);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/**
 * A mapping of language codes to texts, with its review marks beside them under `reviewed` (a card
 * has no key that looks like a language code). The `reviewed` key is no language and never a text.
 */
const isPerLanguage = (v: unknown): v is Record<string, unknown> =>
  isRecord(v) &&
  Object.keys(v).length > 0 &&
  Object.entries(v).every(([k, x]) => (k === REVIEWED ? isRecord(x) : LANGUAGE.test(k) && typeof x === 'string'));

/** A text's values per language, without its review marks. */
const valuesOf = (v: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(v).filter(([k]) => k !== REVIEWED)) as Record<string, string>;
const reviewedOf = (v: unknown): Reviewed => (isRecord(v) && isRecord(v[REVIEWED]) ? v[REVIEWED] : {});

/** What a walk does with each text: its values (review marks aside), its path, its review marks. */
type Take = (text: Localized, path: DataPath, reviewed: Reviewed) => unknown;

/** What a section's items are (figure ids are no texts). */
const itemsAreIds = (section: Record<string, unknown>): boolean =>
  (SECTIONS as Readonly<Record<string, SectionDef>>)[String(section['type'])]?.items === 'figures';

/**
 * Walks `value` along the schema and replaces each text with `take(text, path)`; everything else is
 * kept as it is (values the schema refused included: it reported them).
 */
export function mapTexts(value: unknown, take: Take): unknown {
  return walk(value, manifestSchema as unknown as SchemaNode, [], take);
}

function walk(value: unknown, schema: SchemaNode, path: DataPath, take: Take): unknown {
  if (value === undefined || value === null) return value;
  const node = deref(schema);
  if (isTextNode(node) && typeof value === 'string') return take(value, path, {});
  if (isTextNode(node) && isPerLanguage(value)) return take(valuesOf(value), path, reviewedOf(value));
  const options = branches(node);
  if (options.length) {
    const type = Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;
    const branch = options.map(deref).find((b) => b !== perLanguage && (b['type'] === type || isTextNode(b)));
    return branch ? walk(value, branch, path, take) : value;
  }
  if (Array.isArray(value)) {
    const items = node['items'] as SchemaNode | undefined;
    return items ? value.map((v: unknown, i) => walk(v, items, [...path, i], take)) : value;
  }
  if (!isRecord(value)) return value;
  const props = (node['properties'] ?? {}) as Readonly<Record<string, SchemaNode>>;
  const rest = isRecord(node['additionalProperties']) ? (node['additionalProperties'] as SchemaNode) : undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const child = props[k] ?? rest;
    out[k] = child && !(k === 'items' && itemsAreIds(value)) ? walk(v, child, [...path, k], take) : v;
  }
  return out;
}

/** The parts of the manifest whose shape the Catalogue keeps (its texts are where the schema says). */
export type CataloguePart = 'site' | 'ui' | 'figures' | 'products' | 'pages';

/**
 * The texts of a part of a Catalogue read in one language, found along the schema of the manifest part
 * it was made from (settings such as paths, ids and subcategories are not among them).
 */
export function textsAlong(value: unknown, part: CataloguePart): string[] {
  const out: string[] = [];
  const node = (manifestSchema.properties as unknown as Readonly<Record<string, SchemaNode>>)[part];
  if (!node) return out;
  walk(value, node, [], (text) => {
    if (typeof text === 'string') out.push(text);
    return text;
  });
  return out;
}

/** Every text of the manifest with its values per language, in manifest order. */
export function textsOf(data: unknown, defaultLanguage: string): TextFound[] {
  const out: TextFound[] = [];
  mapTexts(data, (text, path, reviewed) => {
    out.push({ path, values: typeof text === 'string' ? { [defaultLanguage]: text } : text, reviewed });
    return text;
  });
  return out;
}
