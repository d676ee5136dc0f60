import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isVisitorKind, kindOf, type PageKind } from '../../engine/index.ts';
import { CLIENT_ENTRY } from '../../engine/shared/page.ts';

interface ManifestChunk {
  readonly file: string;
  readonly css?: readonly string[];
  readonly imports?: readonly string[];
}

type ViteManifest = Readonly<Record<string, ManifestChunk>>;

/** The files one page loads first: its entry script, the modules to preload and the stylesheets. */
export interface PageAssets {
  readonly entry: string;
  readonly preload: readonly string[];
  readonly css: readonly string[];
}

/** Reads Vite's client manifest (`<distDir>/client/.vite/manifest.json`); null before the first build. */
export function readClientManifest(distDir: string): ViteManifest | null {
  const file = join(distDir, 'client', '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/** Pure: the entry plus a page kind's template chunk, with their static imports and CSS, in order. */
export function pageAssets(manifest: ViteManifest, kind: PageKind): PageAssets {
  const scripts: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    for (const dep of chunk.imports ?? []) visit(dep);
    scripts.push(`/${chunk.file}`);
    for (const c of chunk.css ?? []) if (!css.includes(`/${c}`)) css.push(`/${c}`);
  };
  visit(CLIENT_ENTRY);
  if (isVisitorKind(kind)) visit(kindOf(kind).template);
  const entryChunk = manifest[CLIENT_ENTRY];
  const entry = entryChunk ? `/${entryChunk.file}` : '';
  return { entry, preload: scripts, css };
}
