import { structuredPatch } from 'diff';
import type { ManifestFile } from '../../../engine/shared/manifest.ts';

/** One line of a file's diff: kept context, removed, added, or the head of a hunk (`@@ -1,3 +1,4 @@`). */
export interface DiffLine {
  readonly kind: ' ' | '-' | '+' | '@';
  readonly text: string;
}

/** What changed in one file between two sets of files. */
export interface FileDiff {
  readonly name: string;
  readonly change: 'added' | 'removed' | 'changed';
  readonly lines: readonly DiffLine[];
}

/** The lines of a unified diff of two texts, three lines of context around each change. */
function diffLines(before: string, after: string): DiffLine[] {
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context: 3 });
  return patch.hunks.flatMap((h) => [
    { kind: '@' as const, text: `@@ -${h.oldStart},${h.oldLines} +${h.newStart},${h.newLines} @@` },
    ...h.lines
      .filter((l) => !l.startsWith('\\'))
      .map((l) => ({ kind: (l[0] ?? ' ') as DiffLine['kind'], text: l.slice(1) })),
  ]);
}

/** Per file, what changed from `before` to `after` (files that did not change are left out), by name. */
export function diffFiles(before: readonly ManifestFile[], after: readonly ManifestFile[]): FileDiff[] {
  const old = new Map(before.map((f) => [f.name, f.text]));
  const now = new Map(after.map((f) => [f.name, f.text]));
  const names = [...new Set([...old.keys(), ...now.keys()])].sort();
  return names.flatMap((name): FileDiff[] => {
    const a = old.get(name);
    const b = now.get(name);
    if (a === b) return [];
    const change = a === undefined ? 'added' : b === undefined ? 'removed' : 'changed';
    return [{ name, change, lines: diffLines(a ?? '', b ?? '') }];
  });
}
