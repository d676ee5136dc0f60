import { describe, expect, it } from 'vitest';
import { diffFiles } from './diff.ts';
import { problemRange } from './positions.ts';

describe('diffFiles: per file, what changed', () => {
  it('leaves unchanged files out and marks added, removed and changed lines', () => {
    const before = [
      { name: 'a.yaml', text: 'one: 1\ntwo: 2\n' },
      { name: 'b.yaml', text: 'same: 1\n' },
      { name: 'gone.yaml', text: 'x: 1\n' },
    ];
    const after = [
      { name: 'a.yaml', text: 'one: 1\ntwo: 3\n' },
      { name: 'b.yaml', text: 'same: 1\n' },
      { name: 'new.yaml', text: 'y: 1\n' },
    ];
    const diffs = diffFiles(before, after);
    expect(diffs.map((d) => [d.name, d.change])).toEqual([
      ['a.yaml', 'changed'],
      ['gone.yaml', 'removed'],
      ['new.yaml', 'added'],
    ]);
    expect(diffs[0]!.lines).toEqual([
      { kind: '@', text: '@@ -1,2 +1,2 @@' },
      { kind: ' ', text: 'one: 1' },
      { kind: '-', text: 'two: 2' },
      { kind: '+', text: 'two: 3' },
    ]);
  });
});

describe("problemRange: a checker's line and column in the document", () => {
  const text = 'pages:\n  - id: home\n    kind: hom\n';
  const lines = text.split('\n');
  const starts = lines.map((_, i) => lines.slice(0, i).reduce((n, l) => n + l.length + 1, 0));
  const doc = {
    lines: lines.length,
    line: (n: number) => ({ from: starts[n - 1]!, to: starts[n - 1]! + lines[n - 1]!.length, text: lines[n - 1]! }),
  };

  it('covers the word at the place', () => {
    const { from, to } = problemRange(doc, { line: 3, col: 11 });
    expect(text.slice(from, to)).toBe('hom');
  });

  it('clamps a place past the end of an edited document', () => {
    const { from, to } = problemRange(doc, { line: 40, col: 3 });
    expect(from).toBe(text.length);
    expect(to).toBe(text.length);
  });
});
