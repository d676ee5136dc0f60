import { renderToString } from 'react-dom/server';
import { App } from './app/App.tsx';
import type { PagePayload, Rendered, Shell } from '../engine/shared/page.ts';
import { beginIslands, islandsRendered } from './islands/Island.tsx';
import { getCssText } from './styles/stitches.ts';
import { loadTemplate } from './templates/registry.ts';

/**
 * React 19 emits a `<link rel="preload" as="image">` for each eager `<img>` it renders (several on a
 * gallery). The document head preloads the one largest paint itself, before the scripts
 * (server/render/html.ts): the others would compete with it for the phone's link.
 */
const REACT_IMAGE_PRELOADS = /<link rel="preload" as="image"[^>]*\/>/g;

/** Renders one page to HTML (loaded by site/entry-server.tsx), with the islands it shows. */
export async function renderPage(shell: Shell, payload: PagePayload): Promise<Rendered> {
  await loadTemplate(payload.page.kind);
  // Synchronous from here: no other page renders in between, so the islands collected are this page's.
  beginIslands();
  const html = renderToString(<App shell={shell} payload={payload} />).replace(REACT_IMAGE_PRELOADS, '');
  return { html, css: getCssText(), islands: [...islandsRendered()] };
}
