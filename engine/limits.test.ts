import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { expect, it } from 'vitest';
import { aliasBomb, deepNesting, members, withFile, withMembers } from '../testing/large-manifests.ts';
import { buildCatalogue, formatProblem } from './index.ts';
import { declarationLimits, expandedValues, MANIFEST_LIMITS } from './limits.ts';
import { readManifest } from './node/read.ts';

const files = readManifest().sources.map((s) => ({ name: basename(s.file), text: s.text }));
const build = (draft: readonly { name: string; text: string }[]) =>
  buildCatalogue(draft.map((f) => ({ file: `manifest/${f.name}`, text: f.text })));
const problemsOf = (draft: readonly { name: string; text: string }[]): string[] => {
  const built = build(draft);
  return built.ok ? [] : built.problems.map((p) => formatProblem(p));
};

it('an alias bomb is a located problem, found without expanding it', () => {
  expect(problemsOf(withFile(files, 'bomb.yaml', aliasBomb()))).toMatchInlineSnapshot(`
    [
      "manifest/bomb.yaml:2:13  The YAML aliases (*name) of this file expand it to more than 1,000,000 values, the most a manifest file may hold, so it was not read.  (Aliases that refer to lists of aliases multiply: write the values out, or declare a family.)",
    ]
  `);
});

it('100,000-deep nesting, in brackets or in dashes, is a located problem', () => {
  expect(problemsOf(withFile(files, 'deep.yaml', deepNesting()))).toMatchInlineSnapshot(`
    [
      "manifest/deep.yaml:1:56  Values are nested more than 50 levels deep here, so the file was not read.  (A manifest never needs this depth: look for brackets or dashes repeated by mistake.)",
    ]
  `);
  const dashes = `deep:\n${'- '.repeat(100_000)}x\n`;
  expect(problemsOf(withFile(files, 'deep.yaml', dashes))[0]).toMatch(
    /^manifest\/deep\.yaml:2:\d+ {2}Values are nested/,
  );
});

it('a file larger than a file may be is not read', () => {
  const large = `big: ${'x'.repeat(MANIFEST_LIMITS.fileBytes)}\n`;
  expect(problemsOf(withFile(files, 'large.yaml', large))[0]).toMatch(
    /^manifest\/large\.yaml:1:1 {2}This manifest file is 4\.0 MB; the most a file may be is 4\.0 MB/,
  );
});

it('a family with more members than allowed stops before expansion', () => {
  const over = withMembers(files, MANIFEST_LIMITS.familyMembers + 1);
  expect(problemsOf(over)).toEqual([
    expect.stringMatching(
      /^manifest\/families\.yaml:\d+:5 {2}The family 'pergola-variants' has 12,0\d\d members; the most a family may have is 12,000\./,
    ),
  ]);
});

it('more pages per language than allowed are placed at the family that makes the most', () => {
  const family = (id: string, n: number) => ({ id, members: Array.from({ length: n }), pages: [{}, {}, {}] });
  const data = { pages: [{}], families: [family('small', 10), family('large', 11_000), family('other', 3_000)] };
  const at = (path: readonly (string | number)[]) => ({ file: path.join('.'), line: 1, col: 1 });
  expect(declarationLimits(data, at).map((p) => `${p.file}  ${p.message}`)).toEqual([
    "families.1.members  The manifest declares 42,031 pages per language (its own pages and each family member's); the most is 40,000.",
  ]);
});

it('counts shared values once per use, stopping past the most', () => {
  const shared = [1, 2, 3];
  expect(expandedValues({ a: shared, b: shared })).toBe(9);
  const bomb = Array.from({ length: 7 }).reduce<unknown>((inner) => Array(10).fill(inner), 'x');
  expect(expandedValues(bomb, 1000)).toBeLessThan(20_000);
  expect(members(2)).toContain('slug: synthetic-1');
});

it('the content staff guide states every limit as the table has it', () => {
  const guide = readFileSync('docs/content-staff.md', 'utf8');
  const mb = (bytes: number): string => `${bytes / 1024 / 1024} MB`;
  const { fileBytes, manifestBytes, depth, aliases, values, familyMembers, pagesPerLanguage } = MANIFEST_LIMITS;
  for (const stated of [mb(fileBytes), mb(manifestBytes), `${depth} levels`, `${aliases}, and`])
    expect(guide).toContain(stated);
  for (const n of [values, familyMembers, pagesPerLanguage]) expect(guide).toContain(n.toLocaleString('en-US'));
});
