import type { ManifestFile } from '../engine/shared/manifest.ts';

/**
 * Test support: manifests that once stopped a server, as content staff could paste them, for the
 * HTTP tests (server/manifest/limits.test.ts) and the benchmark (scripts/bench/manifest.ts).
 */

/** A file of 101 KB whose YAML aliases expand to 10 million values (ten aliases per level, seven levels). */
export function aliasBomb(): string {
  const lines = ['bomb0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let i = 1; i < 8; i++)
    lines.push(
      `bomb${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  // Padding in a comment: the size of the probe that found it.
  return `${lines.join('\n')}\n${`# ${'x'.repeat(98)}\n`.repeat(1000)}`;
}

/** A file of 200 KB nested 100,000 levels deep. */
export const deepNesting = (): string => `deep: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`;

/** `n` members of the pergola-variants family, as content staff would add them (about 290 bytes each). */
export function members(n: number, slug = 'synthetic'): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++)
    out.push(
      `      - slug: ${slug}-${i}\n        name: Synthetic Variant ${i}\n        folder: Aluminum Pergolas/Synthetic/${slug} ${i}\n` +
        `        subcategory: louvered-roof\n        type: synthetic\n        description: Synthetic variant number ${i}.\n` +
        `        features: [Feature one, Feature two, Feature three]\n`,
    );
  return out.join('');
}

/** The manifest files with `n` more members in the pergola-variants family (families.yaml), slugs `<slug>-<i>`. */
export const withMembers = (files: readonly ManifestFile[], n: number, slug?: string): ManifestFile[] =>
  files.map((f) =>
    f.name === 'families.yaml'
      ? {
          ...f,
          text: f.text.replace('\n  - id: screen-applications', `\n${members(n, slug)}\n  - id: screen-applications`),
        }
      : f,
  );

/** The manifest files with one more file. */
export const withFile = (files: readonly ManifestFile[], name: string, text: string): ManifestFile[] => [
  ...files,
  { name, text },
];
