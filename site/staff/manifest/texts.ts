import { fillText } from '../../../engine/placeholders.ts';
import type { Texts, TextKey } from '../../../engine/texts.ts';

/** A text of the page, its placeholders filled. */
export type Translate = (key: TextKey, vars?: Record<string, string | number>) => string;

export const translator =
  (texts: Texts): Translate =>
  (key, vars = {}) =>
    fillText(texts[key] ?? '', vars);

/** A time as staff read it, in their browser's language and zone. */
export const when = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
};
