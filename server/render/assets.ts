import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { earliestWhen, ISLAND_WHEN, type IslandName, type IslandWhen } from '../../engine/shared/islands.ts';
import { CLIENT_ENTRY } from '../../engine/shared/page.ts';

interface ManifestChunk {
  readonly file: string;
  readonly css?: readonly string[];
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

type ViteManifest = Readonly<Record<string, ManifestChunk>>;

/** The files a page with islands loads: its entry script, the modules to preload, the stylesheets. */
export interface PageAssets {
  readonly entry: string;
  readonly preload: readonly string[];
  readonly css: readonly string[];
  /** When the boot script adds them: the earliest its islands ask for (engine/shared/islands.ts). */
  readonly when: IslandWhen;
  /**
   * Fetched (not run) once the page has loaded and the browser is idle: the islands that wait for their
   * popover, and the chunks the page's islands import when used (the viewer, the dialog), so that a
   * first tap waits for no download.
   */
  readonly idle: readonly string[];
}

/** Reads Vite's client manifest (`<distDir>/client/.vite/manifest.json`); null before the first build. */
export function readClientManifest(distDir: string): ViteManifest | null {
  const file = join(distDir, 'client', '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/** The module of an island, relative to the repository root (its chunk in Vite's manifest). */
export const islandModule = (name: IslandName): string => `site/islands/${name}.island.tsx`;

/**
 * Pure: the entry plus the modules of the islands a page shows, with their static imports and CSS, in
 * order; null for a page without islands (it loads no script at all). An island that waits for its
 * popover (the menu) is not listed: the entry loads it when the popover opens. The `idle` list adds
 * those, and the chunks the islands import when used.
 */
export function pageAssets(manifest: ViteManifest, islands: readonly IslandName[]): PageAssets | null {
  const entryChunk = manifest[CLIENT_ENTRY];
  const when = earliestWhen(islands);
  if (!when || !entryChunk) return null;
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
  for (const name of new Set(islands)) if (ISLAND_WHEN[name] !== 'open') visit(islandModule(name));
  const preload = [...scripts];
  // Their stylesheets are not the page's: the chunks load their own when they run.
  const pageCss = [...css];
  for (const name of new Set(islands)) {
    visit(islandModule(name));
    for (const dep of manifest[islandModule(name)]?.dynamicImports ?? []) visit(dep);
  }
  return { entry: `/${entryChunk.file}`, preload, css: pageCss, when, idle: scripts.slice(preload.length) };
}
