import { describe, expect, it } from 'vitest';
import { mutate, rng } from './fuzz.ts';
import { buildCatalogue, ParseMemo } from './index.ts';
import { readManifest } from './node/read.ts';
import { fuzzRuns } from '../testing/fuzz-budget.ts';

/** 1,000 with `npm run fuzz`, a tenth in the default run (testing/fuzz-budget.ts). */
const RUNS = fuzzRuns(1000);

describe(`manifest fuzz: ${RUNS} seeded random editing mistakes in the real manifest`, () => {
  // The timeout is a hang guard for a loaded machine; the run prints its duration.
  it('never throws, and gives either a valid catalogue or at least one located problem', { timeout: 300_000 }, () => {
    const { sources } = readManifest();
    const random = rng(20_240_601);
    const memo = new ParseMemo();
    const started = performance.now();
    let valid = 0;
    for (let i = 0; i < RUNS; i++) {
      const { sources: mutated, what } = mutate(sources, random);
      let result: ReturnType<typeof buildCatalogue>;
      try {
        result = buildCatalogue(mutated, memo);
      } catch (error) {
        throw new Error(`run ${i} (${what}) threw: ${String(error)}`, { cause: error });
      }
      if (result.ok) {
        valid++;
        continue;
      }
      expect(result.problems.length, what).toBeGreaterThan(0);
      for (const p of result.problems) {
        const file = mutated.find((s) => s.file === p.file);
        expect(file, `${what}: ${p.file}`).toBeDefined();
        const lines = (file?.text ?? '').split('\n').length;
        expect(p.line >= 1 && p.line <= lines && p.col >= 1, `${what}: ${p.file}:${p.line}:${p.col}`).toBe(true);
        expect(p.message, what).toMatch(/\S/);
        expect(p.message, what).not.toMatch(/undefined|\[object Object\]|\n\s+at /);
      }
    }
    const ms = performance.now() - started;
    console.log(`fuzz: ${RUNS} mutations in ${Math.round(ms)} ms (${valid} still valid)`);
    expect(valid).toBeLessThan(RUNS);
  });
});
