import { renderToString } from 'react-dom/server';
import { App } from './app/App.tsx';
import type { PagePayload, Rendered, Shell } from '../engine/contract/page.ts';
import { getCssText } from './styles/stitches.ts';
import { loadTemplate } from './templates/registry.ts';

/** Renders one page to HTML (loaded by site/entry-server.tsx). */
export async function renderPage(shell: Shell, payload: PagePayload, search = ''): Promise<Rendered> {
  await loadTemplate(payload.page.kind);
  const html = renderToString(<App shell={shell} initial={payload} ssr={{ path: payload.path, search }} />);
  return { html, css: getCssText() };
}
