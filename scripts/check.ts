import { spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { buildCatalogue, formatProblem, translationStatus, type Catalogue, type SourceFile } from '../engine/index.ts';
import { describeDiff, diffCatalogues } from '../engine/diff.ts';
import { loadCatalogue, MANIFEST_DIR } from '../engine/node/read.ts';

/**
 * `npm run check [manifest folder or file] [--against <git ref>]`: validates the manifest; when it is
 * valid, says what it adds and removes against the manifest of a git ref (default HEAD, the last
 * commit): pages, products, folders, slots, sitemap entries.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--against');
const against = at >= 0 ? args[at + 1] : 'HEAD';
const target = args.filter((_, i) => at < 0 || (i !== at && i !== at + 1))[0];

const git = (...a: string[]) => spawnSync('git', a, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The catalogue of the manifest at a git ref, or why there is none. */
function catalogueAt(ref: string, dir: string): Catalogue | string {
  const root = git('rev-parse', '--show-toplevel').stdout.trim();
  if (!root) return 'not in a git repository';
  const path = relative(root, resolve(dir)).replaceAll('\\', '/');
  const listed = git('ls-tree', '-r', '--name-only', ref, '--', path);
  if (listed.status !== 0) return `no git ref '${ref}'`;
  const files = listed.stdout
    .split('\n')
    .filter((f) => /\.ya?ml$/.test(f) && (f === path || !f.slice(path.length + 1).includes('/')))
    .sort();
  if (files.length === 0) return `no manifest at ${ref}`;
  const sources: SourceFile[] = files.map((f) => ({ file: f, text: git('show', `${ref}:${f}`).stdout }));
  const built = buildCatalogue(sources);
  return built.ok ? built.catalogue : `the manifest at ${ref} is not valid`;
}

const result = loadCatalogue(target);
if (result.ok) {
  const c = result.catalogue;
  process.stdout.write(
    `Manifest is valid: ${c.pages.length} routes, ${c.products.length} products, ${c.folders.length} folders, ${c.slots.length} slots.\n`,
  );
  // Translations never fail the check: an incomplete language is simply not published (engine/translations.ts).
  const status = translationStatus(c);
  if (status.length) process.stdout.write(`Translations (warnings):\n${status.map((l) => `  ${l}\n`).join('')}`);
  if (against) {
    const before = catalogueAt(against, target ?? MANIFEST_DIR);
    if (typeof before === 'string') process.stdout.write(`No comparison with ${against}: ${before}.\n`);
    else {
      const lines = describeDiff(diffCatalogues(before, c));
      process.stdout.write(
        lines.length
          ? `Against ${against}, this edit:\n${lines.map((l) => `  ${l}\n`).join('')}`
          : `Against ${against}: no page, product, folder, slot or sitemap entry added or removed.\n`,
      );
    }
  }
} else {
  const n = result.problems.length;
  for (const p of result.problems) process.stderr.write(`${formatProblem(p, true)}\n\n`);
  process.stderr.write(`${n} problem${n === 1 ? '' : 's'} found in the manifest.\n`);
  process.exitCode = 1;
}
