import type { DraftProblem } from '../../../engine/shared/manifest.ts';

/** The part of a document positions are read from (CodeMirror's `Text` has it). */
export interface Lines {
  readonly lines: number;
  line(n: number): { readonly from: number; readonly to: number; readonly text: string };
}

/**
 * Where the checker's problem sits in the document: from its 1-based line and column to the end of
 * the word there (a key, a value), or one character when the column is past the line's end. Out of
 * range lines and columns are clamped, so a problem on an edited document still has a place.
 */
export function problemRange(doc: Lines, problem: Pick<DraftProblem, 'line' | 'col'>): { from: number; to: number } {
  const line = doc.line(Math.min(Math.max(problem.line, 1), doc.lines));
  const offset = Math.min(Math.max(problem.col - 1, 0), line.text.length);
  const from = line.from + offset;
  const word = /^[^\s:,[\]{}]+/.exec(line.text.slice(offset))?.[0].length ?? 0;
  return { from, to: Math.min(line.to, from + Math.max(word, 1)) };
}
