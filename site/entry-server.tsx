import type { PagePayload, RenderPage, Rendered, Shell } from '../engine/shared/page.ts';

/**
 * The server bundle's entry (see server/render). It holds no module of the app: the server may
 * import it under several URLs (e.g. `?v=<mtime>` after a rebuild), and each URL is a new module
 * instance. Everything stateful (React contexts, Stitches) lives in the chunks, which every
 * instance and every lazily loaded template import by one plain URL, so they all share one copy.
 */
export const render: RenderPage = async (shell: Shell, payload: PagePayload): Promise<Rendered> => {
  const { renderPage } = await import('./render-server.tsx');
  return renderPage(shell, payload);
};
