import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_ENTRY } from '../../engine/shared/page.ts';
import { VITALS_ENTRY } from '../../engine/shared/vitals.ts';
import { instances, isCatchAll, isGalleryKind, isPattern, type Catalogue, type PageKind } from '../../engine/index.ts';

/**
 * First-load JavaScript of a visitor page: the scripts its HTML loads at once, gzip bytes, React
 * included. A gallery page (a kind with a gallery, engine/kinds.ts) hydrates its gallery at boot and
 * has a budget of its own; every other kind's islands wait for the visitor.
 */
export const JS_BUDGET = 75 * 1024;
export const GALLERY_JS_BUDGET = 95 * 1024;
/** The Web Vitals reporter, loaded after the load event (never first-load), has a budget of its own. */
export const VITALS_JS_BUDGET = 3 * 1024;

/** The first-load budget of a page kind. */
export const budgetOf = (kind: string): number => (isGalleryKind(kind as PageKind) ? GALLERY_JS_BUDGET : JS_BUDGET);

export interface JsRow {
  readonly kind: string;
  readonly path: string;
  readonly files: number;
  readonly raw: number;
  readonly gzip: number;
}

/** One path per visitor page kind (the first of the route table; pattern routes: first member). */
export function pathPerKind(c: Catalogue): Map<string, string> {
  const out = new Map<string, string>();
  for (const page of c.pages) {
    if (page.staff || out.has(page.kind)) continue;
    if (isCatchAll(page.path)) out.set(page.kind, '/no-such-page');
    else out.set(page.kind, isPattern(page.path) ? (instances(page.path, page.params)[0] ?? page.path) : page.path);
  }
  return out;
}

/**
 * The scripts an HTML document loads on its own: module preloads, module scripts, and the list the
 * boot script adds once the largest paint has arrived (`<meta name="app-scripts" data-when="boot">`,
 * server/render/boot.ts). A list that waits for the visitor (`intent`, `open`) is not loaded with the page.
 */
export function firstLoadScripts(html: string): string[] {
  const urls = new Set<string>();
  const listed = /<meta name="app-scripts" data-when="boot" content="([^"]+)"/.exec(html)?.[1];
  for (const url of listed?.split(' ') ?? []) if (url) urls.add(url);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  for (const m of html.matchAll(/<script type="module" src="([^"]+)"/g)) if (m[1]) urls.add(m[1]);
  return [...urls];
}

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}

/** Files only the other entries (the staff tools; not the visitor entry nor the reporter) reach: none may load on a visitor page. */
export function staffOnlyFiles(manifest: Readonly<Record<string, ManifestChunk>>): Set<string> {
  const reach = (roots: string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (key: string): void => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(dep);
    };
    roots.forEach(visit);
    return seen;
  };
  const others = Object.keys(manifest).filter((k) => manifest[k]?.isEntry && k !== CLIENT_ENTRY && k !== VITALS_ENTRY);
  const visitor = reach([CLIENT_ENTRY, VITALS_ENTRY]);
  return new Set([...reach(others)].filter((k) => !visitor.has(k)).map((k) => `/${manifest[k]?.file}`));
}

/**
 * First-load JavaScript of one page per visitor page kind, as `url` serves it with the build in
 * `distDir`; throws when a visitor page loads a file only the staff tools use.
 */
export async function measureJs(url: string, c: Catalogue, distDir = 'dist'): Promise<JsRow[]> {
  const manifest = JSON.parse(readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const staffOnly = staffOnlyFiles(manifest);
  const rows: JsRow[] = [];
  const sizes = new Map<string, { raw: number; gzip: number }>();
  for (const [kind, path] of pathPerKind(c)) {
    const html = await (await fetch(url + path)).text();
    let raw = 0;
    let gzip = 0;
    const scripts = firstLoadScripts(html);
    const leaked = scripts.filter((s) => staffOnly.has(s));
    if (leaked.length) throw new Error(`${path} loads staff code: ${leaked.join(', ')}`);
    for (const src of scripts) {
      let size = sizes.get(src);
      if (!size) {
        const body = Buffer.from(await (await fetch(url + src)).arrayBuffer());
        size = { raw: body.length, gzip: gzipSync(body).length };
        sizes.set(src, size);
      }
      raw += size.raw;
      gzip += size.gzip;
    }
    rows.push({ kind, path, files: scripts.length, raw, gzip });
  }
  return rows;
}

/** The reporter a page names (`<meta name="vitals" data-src>`, server/render/vitals-meta.ts), if any. */
export const reporterOf = (html: string): string | undefined =>
  /<meta name="vitals" content="[^"]*" data-src="([^"]+)"/.exec(html)?.[1];

/** The files of the reporter and the chunks it imports, as built in `distDir`. */
export function reporterFiles(distDir = 'dist'): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files: string[] = [];
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.includes(`/${chunk.file}`)) return;
    files.push(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(VITALS_ENTRY);
  return files;
}

/** The gzip bytes of `files` as `url` serves them. */
export async function gzipOf(url: string, files: readonly string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += gzipSync(Buffer.from(await (await fetch(url + file)).arrayBuffer())).length;
  return total;
}
