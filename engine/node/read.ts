import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { buildCatalogue, type BuildResult, type ParseMemo } from '../index.ts';
import { problem } from '../errors.ts';
import type { SourceFile } from '../source.ts';

/** The default manifest folder, relative to the repository root. */
export const MANIFEST_DIR = 'manifest';

/**
 * Reads the manifest: every *.yaml file of a folder (sorted by name), or one file. Names in problems
 * are relative to `cwd`.
 */
export function readManifest(
  target = MANIFEST_DIR,
  cwd = process.cwd(),
): { sources: SourceFile[]; missing?: BuildResult } {
  const abs = resolve(cwd, target);
  const name = relative(cwd, abs) || target;
  if (!existsSync(abs)) {
    const p = problem('MissingFile', { file: name }, { file: name, line: 1, col: 1 });
    return { sources: [], missing: { ok: false, problems: [p] } };
  }
  const files = statSync(abs).isDirectory()
    ? readdirSync(abs)
        .filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'))
        .sort()
        .map((f) => join(abs, f))
    : [abs];
  if (files.length === 0) {
    const p = problem('MissingManifest', { dir: name }, { file: name, line: 1, col: 1 });
    return { sources: [], missing: { ok: false, problems: [p] } };
  }
  return { sources: files.map((f) => ({ file: relative(cwd, f), text: readFileSync(f, 'utf8') })) };
}

/** Reads and builds the catalogue from disk. */
export function loadCatalogue(target = MANIFEST_DIR, cwd = process.cwd(), memo?: ParseMemo): BuildResult {
  const { sources, missing } = readManifest(target, cwd);
  return missing ?? buildCatalogue(sources, memo);
}
