/**
 * Messages: manifest texts with ICU arguments (`{count, plural, one {# image} other {# images}}`).
 * One placeholder syntax: `{name}` and `{name|lower}` are text placeholders everywhere (filled by
 * expansion or `fillText`); a text that also holds a typed ICU argument (`{name, type ...}`: plural,
 * select, selectordinal, number, date, time) is a message, compiled once per catalogue into its syntax tree
 * (plain JSON: an island can take it with its props, and no parser runs in the browser), and
 * formatted by `formatText` in the catalogue's language. In a message, `{name|lower}` keeps its
 * meaning. Pure.
 */

import { parse } from '@formatjs/icu-messageformat-parser';
import { LOWER, type CompiledMessage } from './shared/format.ts';

export { formatText, type CompiledMessage } from './shared/format.ts';

// An argument with a type after a comma; a misspelled type is a message too, and the checker says so.
const TYPED_ARGUMENT = /\{\s*[A-Za-z]\w*\s*,/;

/** The text is an ICU message (it has a typed argument), not only text placeholders. */
export const isMessage = (text: string): boolean => TYPED_ARGUMENT.test(text);

// `{name|lower}` is written `{name_lower}` for the parser: same length, so its places stay right.
const FILTERED = /\{([A-Za-z]\w*)\|lower\}/g;

/** Why a message cannot be read, and where in its text (1-based line and column). */
export interface MessageError {
  readonly kind: string;
  readonly line: number;
  readonly column: number;
}

/** Compiles a message, or says where it is malformed. */
export function compileMessage(
  text: string,
): { ok: true; message: CompiledMessage } | { ok: false; error: MessageError } {
  try {
    return { ok: true, message: parse(text.replace(FILTERED, `{$1${LOWER}}`), { ignoreTag: true }) };
  } catch (e) {
    const err = e as { message?: string; location?: { start?: { line?: number; column?: number } } };
    const start = err.location?.start;
    return { ok: false, error: { kind: String(err.message), line: start?.line ?? 1, column: start?.column ?? 1 } };
  }
}

/** What a malformed message's error means, for people (by the parser's error kind). */
export function messageHint(kind: string): string {
  if (kind === 'MISSING_OTHER_CLAUSE') return "A plural or select needs an 'other {...}' case.";
  if (kind === 'INVALID_ARGUMENT_TYPE')
    return 'The type after the name is one of plural, select, selectordinal, number, date, time.';
  if (kind.includes('PLURAL') || kind.includes('SELECT'))
    return "Each case is a key and a text in braces: 'one {# image} other {# images}'.";
  if (kind.includes('BRACE') || kind.includes('CLOSING'))
    return "Every '{' needs its '}'; write a brace as text between single quotes: '{'.";
  return "Write it as '{count, plural, one {# image} other {# images}}', or as plain text with {name} placeholders.";
}

/** Compiles every message among `texts` (each once); a malformed one is left out (the checker reports it). */
export function compileMessages(texts: Iterable<string>): Readonly<Record<string, CompiledMessage>> {
  const out: Record<string, CompiledMessage> = {};
  for (const text of texts) {
    if (Object.hasOwn(out, text) || !isMessage(text)) continue;
    const compiled = compileMessage(text);
    if (compiled.ok) out[text] = compiled.message;
  }
  return out;
}
