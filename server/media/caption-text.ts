/**
 * What both media stores read captions from, decided once: a folder's captions files
 * (`captions.yaml`, `captions.<lang>.yaml`) and one file's own caption text (a local `<file>.txt`
 * sidecar, a Drive description), in which a line starting `<lang>:` begins that language's caption.
 */
import { parse } from 'yaml';
import { LANGUAGE } from '../../engine/schema.ts';
import type { StoreFile } from './types.ts';

/** The file in a folder that captions several files at once: `file name: caption` per line. */
export const CAPTIONS_FILE = 'captions.yaml';

/** Longest caption kept (a sidecar is text written by staff, not a document). */
const MAX_CAPTION = 300;

/** The default language's key in a file's captions by language. */
export const DEFAULT = '';

/** A file's captions by language code (`DEFAULT` for the default caption). */
export type CaptionsByLanguage = Map<string, string>;

/** One line of words, cut to the longest caption kept; undefined when there are none. */
export const cleanCaption = (text: string): string | undefined => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line ? line.slice(0, MAX_CAPTION) : undefined;
};

const FILE_LANGUAGE = new RegExp(`^captions\\.(${LANGUAGE.source.slice(1, -1)})\\.yaml$`);

/**
 * The language a folder's captions file is in: `DEFAULT` for `captions.yaml`, `es` for
 * `captions.es.yaml`; null for a name that is no captions file.
 */
export function captionsFileLanguage(name: string): string | null {
  if (name === CAPTIONS_FILE) return DEFAULT;
  return FILE_LANGUAGE.exec(name)?.[1] ?? null;
}

/**
 * A captions file's table, file name -> caption. A file that does not parse, or is no mapping,
 * captions nothing; a value that is not text is no caption.
 */
export function parseCaptionTable(text: string): Map<string, string> {
  const table = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = parse(text) as unknown;
  } catch {
    return table;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return table;
  for (const [name, value] of Object.entries(parsed)) {
    const caption = typeof value === 'string' ? cleanCaption(value) : undefined;
    if (caption) table.set(name, caption);
  }
  return table;
}

const LANGUAGE_LINE = new RegExp(`^(${LANGUAGE.source.slice(1, -1)}):(?:\\s+|$)`);

/**
 * One file's caption text (a sidecar, a Drive description) by language: the text before any
 * language line is the default caption; a line starting `es:` begins the Spanish one, which runs to
 * the next language line.
 *
 *     Bronze pergola at dusk
 *     es: Pérgola de bronce al atardecer
 */
export function parseCaptionText(text: string): CaptionsByLanguage {
  const parts = new Map<string, string[]>();
  let language = DEFAULT;
  for (const line of text.split(/\r?\n/)) {
    const start = LANGUAGE_LINE.exec(line.trim());
    if (start?.[1]) language = start[1];
    parts.set(language, [...(parts.get(language) ?? []), start ? line.trim().slice(start[0].length) : line]);
  }
  const captions: CaptionsByLanguage = new Map();
  for (const [lang, lines] of parts) {
    const caption = cleanCaption(lines.join(' '));
    if (caption) captions.set(lang, caption);
  }
  return captions;
}

/** A folder's captions: per captions file's language, its table. */
export type FolderCaptionTables = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** A file's captions from its folder's tables, its own text (which wins, language by language) laid over them. */
export function captionsFor(name: string, tables: FolderCaptionTables, own?: CaptionsByLanguage): CaptionsByLanguage {
  const captions: CaptionsByLanguage = new Map();
  for (const [lang, table] of tables) {
    const caption = table.get(name);
    if (caption) captions.set(lang, caption);
  }
  for (const [lang, caption] of own ?? []) captions.set(lang, caption);
  return captions;
}

/**
 * A store file with its captions: the default one as `caption`, the others as `captions` by language
 * (in code order, absent when there are none, so a listing without them stays the same).
 */
export function withCaptions<F extends StoreFile>(file: F, captions: CaptionsByLanguage): F {
  const others = [...captions].filter(([lang]) => lang !== DEFAULT).sort(([a], [b]) => (a < b ? -1 : 1));
  const caption = captions.get(DEFAULT);
  const out = { ...file, caption, captions: others.length > 0 ? Object.fromEntries(others) : undefined };
  if (!caption) delete out.caption;
  if (!out.captions) delete out.captions;
  return out;
}
