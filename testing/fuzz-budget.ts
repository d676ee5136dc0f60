/**
 * How many rounds a fuzz test runs. The default run (`npm test`, CI) takes a tenth of the long budget,
 * enough to meet every kind of mutation the seed gives; `npm run fuzz` runs the long budget
 * (`FUZZ=long`), and `FUZZ_RUNS=<n>` sets one number for every fuzz test (a seed hunt, say).
 */
export function fuzzRuns(long: number): number {
  const runs = Number(process.env['FUZZ_RUNS']);
  if (Number.isInteger(runs) && runs > 0) return runs;
  return process.env['FUZZ'] === 'long' ? long : Math.max(1, Math.round(long / 10));
}
