import { formatProblem } from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';

const target = process.argv[2];
const result = loadCatalogue(target);
if (result.ok) {
  const c = result.catalogue;
  process.stdout.write(
    `Manifest is valid: ${c.pages.length} routes, ${c.products.length} products, ${c.folders.length} folders, ${c.slots.length} slots.\n`,
  );
} else {
  const n = result.problems.length;
  for (const p of result.problems) process.stderr.write(`${formatProblem(p, true)}\n\n`);
  process.stderr.write(`${n} problem${n === 1 ? '' : 's'} found in the manifest.\n`);
  process.exitCode = 1;
}
