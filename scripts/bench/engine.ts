import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkCatalogue } from '../../engine/checks.ts';
import { expand } from '../../engine/expand.ts';
import { buildCatalogue, type ManifestInput, type SourceFile } from '../../engine/index.ts';
import { parseSources } from '../../engine/source.ts';
import { validateManifest } from '../../engine/validate.ts';

/** A synthetic member's lines; bilingual ones are kept short, so that 10k of them stay within a manifest file's size limit. */
function memberYaml(i: number, spanish: boolean): string {
  const texts = spanish
    ? {
        name: `{ en: Variant ${i}, es: Variante ${i} }`,
        description: `{ en: Variant ${i}., es: Variante ${i}. }`,
        features: '[{ en: One, es: Uno }, { en: Two, es: Dos }]',
      }
    : {
        name: `Synthetic Variant ${i}`,
        description: `Synthetic variant number ${i}.`,
        features: '[Feature one, Feature two, Feature three]',
      };
  return (
    `      - slug: synthetic-${i}\n        name: ${texts.name}\n        folder: Aluminum Pergolas/Synthetic/Variant ${i}\n` +
    `        subcategory: louvered-roof\n        type: synthetic\n        description: ${texts.description}\n` +
    `        features: ${texts.features}\n`
  );
}

/**
 * The real manifest with `n` extra pergola variants appended to the pergola-variants family; with
 * `spanish`, their texts translated too, so that their pages are published in both languages.
 */
export function syntheticManifest(n: number, { spanish = false } = {}): SourceFile[] {
  const dir = 'manifest';
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      let text = readFileSync(join(dir, f), 'utf8');
      if (f === 'families.yaml') {
        const members = Array.from({ length: n }, (_, i) => memberYaml(i, spanish));
        text = text.replace('\n  - id: screen-applications', `\n${members.join('')}\n  - id: screen-applications`);
      }
      return { file: join(dir, f), text };
    });
}

interface Timing {
  /** The whole pipeline, as `buildCatalogue` runs it. */
  readonly total: number;
  /** The phases, timed apart: parse (YAML), validate (schema), expand, check. */
  readonly parse: number;
  readonly validate: number;
  readonly expand: number;
  readonly check: number;
  readonly routes: number;
}

/** Best of `runs` for the whole build and for each phase. */
function timeBuild(sources: SourceFile[], runs: number): Timing {
  const best = { total: Infinity, parse: Infinity, validate: Infinity, expand: Infinity, check: Infinity };
  let routes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = buildCatalogue(sources);
    best.total = Math.min(best.total, performance.now() - t0);
    if (!r.ok) throw new Error(`synthetic manifest invalid: ${r.problems[0]?.message}`);
    routes = r.catalogue.pages.length;

    const t1 = performance.now();
    const { manifest } = parseSources(sources);
    const t2 = performance.now();
    if (!manifest || validateManifest(manifest).length) throw new Error('synthetic manifest invalid');
    const t3 = performance.now();
    const expanded = expand(manifest.data as ManifestInput, manifest, []);
    const t4 = performance.now();
    checkCatalogue(expanded, manifest);
    const t5 = performance.now();
    best.parse = Math.min(best.parse, t2 - t1);
    best.validate = Math.min(best.validate, t3 - t2);
    best.expand = Math.min(best.expand, t4 - t3);
    best.check = Math.min(best.check, t5 - t4);
  }
  return { ...best, routes };
}

const ms = (n: number): string => n.toFixed(0).padStart(6);

/**
 * Times for 1k, 10k and 20k pergola variants (best of 3): the whole pipeline, and validate+expand
 * alone (the target: 10k under 1 s), and the 20k/10k ratio.
 */
export function benchEngine(): Record<number, number> {
  timeBuild(syntheticManifest(100), 2); // warm up the JIT and the compiled schema
  const out: Record<number, number> = {};
  console.log('\nEngine: best of 3 runs; validate+expand is the target (10k under 1000 ms, linear)');
  console.log('  variants  routes   total   parse  validate  expand   check  validate+expand');
  for (const n of [1_000, 10_000, 20_000]) {
    const t = timeBuild(syntheticManifest(n), 3);
    out[n] = t.validate + t.expand;
    console.log(
      `  ${String(n).padStart(8)} ${String(t.routes).padStart(7)} ${ms(t.total)}  ${ms(t.parse)}  ${ms(t.validate)}  ` +
        `  ${ms(t.expand)}  ${ms(t.check)}  ${ms(t.validate + t.expand)}`,
    );
  }
  const ratio = (out[20_000] ?? 0) / (out[10_000] ?? 1);
  console.log(`  20k/10k ratio of validate+expand ${ratio.toFixed(2)} (linear = 2.00)`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchEngine();
