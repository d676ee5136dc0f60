import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildCatalogue, type SourceFile } from '../../engine/index.ts';

/** The real manifest with `n` extra pergola variants appended to the pergola-variants family. */
export function syntheticManifest(n: number): SourceFile[] {
  const dir = 'manifest';
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      let text = readFileSync(join(dir, f), 'utf8');
      if (f === 'families.yaml') {
        const members: string[] = [];
        for (let i = 0; i < n; i++) {
          members.push(
            `      - slug: synthetic-${i}\n        name: Synthetic Variant ${i}\n        folder: Aluminum Pergolas/Synthetic/Variant ${i}\n` +
              `        subcategory: louvered-roof\n        type: synthetic\n        description: Synthetic variant number ${i}.\n` +
              `        features: [Feature one, Feature two, Feature three]\n`,
          );
        }
        text = text.replace('\n  - id: screen-applications', `\n${members.join('')}\n  - id: screen-applications`);
      }
      return { file: join(dir, f), text };
    });
}

function timeBuild(sources: SourceFile[], runs: number): { ms: number; routes: number } {
  let best = Infinity;
  let routes = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = buildCatalogue(sources);
    const ms = performance.now() - t0;
    if (!r.ok) throw new Error(`synthetic manifest invalid: ${r.problems[0]?.message}`);
    routes = r.catalogue.pages.length;
    best = Math.min(best, ms);
  }
  return { ms: best, routes };
}

/** Validate + expand time for 1k, 10k and 20k pergola variants (best of 3), and the 20k/10k ratio. */
export function benchEngine(): Record<number, number> {
  timeBuild(syntheticManifest(100), 2); // warm up the JIT and the compiled schema
  const out: Record<number, number> = {};
  console.log('\nEngine: parse + validate + expand + check, best of 3 runs');
  for (const n of [1_000, 10_000, 20_000]) {
    const sources = syntheticManifest(n);
    const { ms, routes } = timeBuild(sources, 3);
    out[n] = ms;
    console.log(`  ${String(n).padStart(6)} variants  ${ms.toFixed(0).padStart(6)} ms  (${routes} routes)`);
  }
  const ratio = (out[20_000] ?? 0) / (out[10_000] ?? 1);
  console.log(`  20k/10k ratio ${ratio.toFixed(2)} (linear = 2.00); target: 10k under 1000 ms`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) benchEngine();
