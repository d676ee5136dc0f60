import { writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { formatProblem, translationStatus } from '../engine/index.ts';
import { markCurrent, markTarget } from '../engine/mark-current.ts';
import { loadCatalogue, MANIFEST_DIR, readManifest } from '../engine/node/read.ts';

/**
 * `npm run translations [manifest folder]`: the translator's status (what `npm run check` prints of
 * the translations). `npm run translations -- --mark-current <page|key|shared|--all>`: after review,
 * writes the review marks of a page's translated texts (by path, `/pergolas`, or id), of one key (as
 * the status prints it), of the shared texts or of all, into the manifest files (only their `reviewed`
 * maps change; prettier then formats the edited files as the repository's lint wants, wrapping a line
 * a mark made too long). A running server publishes the edited files as it publishes any file edit.
 */
const args = process.argv.slice(2);
const at = args.indexOf('--mark-current');
const target = at >= 0 ? args[at + 1] : undefined;
const dir = args.filter((a, i) => !a.startsWith('--') && (at < 0 || i !== at + 1))[0] ?? MANIFEST_DIR;

function printStatus(): void {
  const result = loadCatalogue(dir);
  if (!result.ok) return fail(result.problems.map((p) => formatProblem(p, true)));
  const status = translationStatus(result.catalogue);
  process.stdout.write(status.length ? `${status.join('\n')}\n` : 'The site has one language: nothing to translate.\n');
}

function fail(lines: readonly string[]): void {
  process.stderr.write(`${lines.join('\n\n')}\n`);
  process.exitCode = 1;
}

async function mark(name: string): Promise<void> {
  const { sources, missing } = readManifest(dir);
  if (missing) return fail(missing.problems.map((p) => formatProblem(p)));
  const outcome = markCurrent(sources, markTarget(name));
  if (!outcome.ok) {
    return 'problems' in outcome
      ? fail([...outcome.problems.map((p) => formatProblem(p, true)), 'Nothing marked: fix the manifest first.'])
      : fail([
          `No page or key '${outcome.unknown}': name a page by its path (/pergolas) or id, a key as the status prints it (ui.menu), shared, or --all.`,
        ]);
  }
  for (const f of outcome.files) {
    if (!outcome.changed.includes(f.file)) continue;
    const options = { ...(await prettier.resolveConfig(f.file)), filepath: f.file };
    writeFileSync(f.file, await prettier.format(f.text, options));
  }
  const files = outcome.changed.length ? ` in ${outcome.changed.join(', ')}` : '';
  process.stdout.write(`Marked ${outcome.marked} translation${outcome.marked === 1 ? '' : 's'} as reviewed${files}.\n`);
  printStatus();
}

if (at >= 0 && !target) fail(['--mark-current needs a page (/pergolas or its id), a key (ui.menu), shared, or --all.']);
else if (target) await mark(target);
else printStatus();
