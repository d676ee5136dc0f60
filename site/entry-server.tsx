import { renderToString } from 'react-dom/server';
import { App } from './app/App.tsx';
import type { PagePayload, RenderPage, Rendered, Shell } from './app/contract.ts';
import { getCssText } from './styles/stitches.ts';
import { loadTemplate } from './templates/registry.ts';

/** Renders one page to HTML (the server bundle's entry; see server/render). */
export const render: RenderPage = async (shell: Shell, payload: PagePayload, search = ''): Promise<Rendered> => {
  await loadTemplate(payload.page.kind);
  const html = renderToString(<App shell={shell} initial={payload} ssr={{ path: payload.path, search }} />);
  return { html, css: getCssText() };
};
