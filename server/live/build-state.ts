import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the server needs of the build: a dist/ without either (an interrupted build) is built again. */
export const BUILD_OUTPUTS = [
  join('dist', 'server', 'entry-server.js'),
  join('dist', 'client', '.vite', 'manifest.json'),
];

/** What the bundles are made from: a change to any of them makes the build stale. */
const BUILD_INPUTS = ['site', 'engine', 'vite.config.ts', 'package-lock.json'];
const SKIPPED = new Set(['node_modules', 'e2e', '__fixtures__']);
const SOURCE = /\.(tsx?|css|json)$/;

function newestIn(path: string): { file: string; mtimeMs: number } | null {
  if (!existsSync(path)) return null;
  const info = statSync(path);
  if (info.isFile()) return { file: path, mtimeMs: info.mtimeMs };
  let newest: { file: string; mtimeMs: number } | null = null;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    if (entry.isFile() && !SOURCE.test(entry.name)) continue;
    const found = newestIn(join(path, entry.name));
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/**
 * Why `npm start` must build before serving, or null when the build in `root/dist` is current: an
 * output is missing, or a source of the bundles changed after the build (a `git pull`, an edit).
 */
export function whyBuild(root: string): string | null {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) return `${missing.join(' and ')} missing`;
  const built = Math.min(...BUILD_OUTPUTS.map((file) => statSync(join(root, file)).mtimeMs));
  for (const input of BUILD_INPUTS) {
    const newest = newestIn(join(root, input));
    if (newest && newest.mtimeMs > built) return `${relative(root, newest.file)} changed since the last build`;
  }
  return null;
}
