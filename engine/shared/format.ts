/**
 * Formats a manifest text in a language: an ICU message through its compiled syntax tree (compiled
 * when the catalogue loads, engine/messages.ts; the tree is plain JSON, so an island takes it with its
 * props and no message parser ships to the browser), any other text through its text placeholders.
 * `{name|lower}` in a message is the argument `name_lower` (see engine/messages.ts). Pure.
 */

import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { formatToParts, type Formats, type Formatters } from 'intl-messageformat';
import { fillText, type Vars } from '../placeholders.ts';

/** A compiled message: its syntax tree. */
export type CompiledMessage = readonly MessageFormatElement[];

/** Compiled messages by their text, as a catalogue (or an island's props) holds them. */
export type Messages = Readonly<Record<string, CompiledMessage>>;

export const LOWER = '_lower';

// The formatter's own caches are the class's; here the Intl objects are few (a count, a plural).
const FORMATTERS: Formatters = {
  getNumberFormat: (locales, options) => new Intl.NumberFormat(locales, options),
  getDateTimeFormat: (...args) => new Intl.DateTimeFormat(...args),
  getPluralRules: (...args) => new Intl.PluralRules(...args),
};
const FORMATS: Formats = {
  number: { integer: { maximumFractionDigits: 0 }, percent: { style: 'percent' } },
  date: { short: { month: 'numeric', day: 'numeric', year: '2-digit' }, long: { dateStyle: 'long' } },
  time: { short: { hour: 'numeric', minute: 'numeric' } },
};

/**
 * A text filled with `vars` in `language`: through its compiled message when `messages` has one for
 * it, else its text placeholders (`fillText`). A message whose arguments `vars` lacks falls back to its
 * text placeholders too.
 */
export function formatText(text: string, vars: Vars, messages: Messages, language: string): string {
  const message = Object.hasOwn(messages, text) ? messages[text] : undefined;
  if (!message) return fillText(text, vars);
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) continue;
    values[k] = v;
    values[`${k}${LOWER}`] = String(v).toLowerCase();
  }
  try {
    const parts = formatToParts(message as MessageFormatElement[], language, FORMATTERS, FORMATS, values);
    return parts.map((p) => String(p.value)).join('');
  } catch {
    return fillText(text, vars);
  }
}

/** The compiled messages among `texts` (an island's props carry those of the texts it shows). */
export const messagesFor = (messages: Messages, texts: readonly (string | undefined)[]): Messages =>
  Object.fromEntries(
    texts.flatMap((t) => {
      const message = t === undefined || !Object.hasOwn(messages, t) ? undefined : messages[t];
      return message ? [[t, message] as const] : [];
    }),
  );
