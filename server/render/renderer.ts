import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PagePayload, RenderPage, Shell } from '../../engine/shared/page.ts';
import { pageAssets, readClientManifest } from './assets.ts';
import { documentHtml } from './html.ts';
import { vitalsMeta } from './vitals-meta.ts';
import { jsonForScript } from '../../engine/shared/page.ts';

/** Rendered pages remembered per path (identical payload -> identical HTML). */
const MAX_REMEMBERED = 500;

interface Built {
  readonly renderPage: RenderPage;
  readonly manifest: NonNullable<ReturnType<typeof readClientManifest>>;
}

/** Loads the server bundle (`vite build --ssr`) and the client manifest; null until both are built. */
async function loadBuild(distDir: string): Promise<Built | null> {
  const file = join(distDir, 'server', 'entry-server.js');
  const manifest = readClientManifest(distDir);
  if (!existsSync(file) || !manifest) return null;
  // Addressed by modification time: Node keeps a module that failed to load (or an old build) by URL.
  const version = statSync(file).mtimeMs;
  const mod = (await import(`${pathToFileURL(file).href}?v=${version}`)) as { render: RenderPage };
  return { renderPage: mod.render, manifest };
}

/** Renders a page payload to its HTML document, or null while the site is not built. */
export type PageRenderer = (payload: PagePayload) => Promise<string | null>;

/**
 * The page renderer over the built server bundle in `distDir`: loaded on first use (again after a
 * failed or missing build), with the HTML of the last MAX_REMEMBERED pages remembered by path.
 */
/** `jsonLdOf` gives a page's structured data (JSON-LD documents), embedded in its head. */
export function createPageRenderer(
  distDir: string,
  shell: Shell,
  jsonLdOf: (payload: PagePayload) => readonly object[],
  /** A last pass over the document (a further language's links to default-language pages). */
  finish: (html: string) => string = (html) => html,
  /** The share of page views that report their Web Vitals (`WEB_VITALS_SAMPLE_RATE`); 0: none. */
  vitalsRate = 0,
): PageRenderer {
  let build: Promise<Built | null> | null = null;
  const remembered = new Map<string, { json: string; html: string }>();

  return async (payload) => {
    const payloadJson = jsonForScript(payload);
    // By path only: query strings (tracking parameters, cache busters) must not multiply the entries.
    // No page reads the query during rendering, so one path renders the same HTML whatever follows it.
    const key = payload.photo ? `${payload.path}#${payload.photo.slug}` : payload.path;
    const hit = remembered.get(key);
    if (hit && hit.json === payloadJson) return hit.html;
    // A failed import (a half-written build, say) is not kept: the next request tries again.
    build ??= loadBuild(distDir).catch((error: unknown) => {
      build = null;
      throw error;
    });
    const built = await build;
    if (!built) {
      // Not built yet: look again on the next request.
      build = null;
      return null;
    }
    const rendered = await built.renderPage(shell, payload);
    const assets = pageAssets(built.manifest, rendered.islands);
    const jsonLd = jsonLdOf(payload);
    const vitals = vitalsMeta(built.manifest, payload, vitalsRate);
    const html = finish(documentHtml({ shell, payload, rendered, assets, jsonLd, vitals }));
    if (payload.status === 200 && payload.errors.length === 0 && !payload.form) {
      remembered.delete(key);
      remembered.set(key, { json: payloadJson, html });
      if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
    }
    return html;
  };
}
