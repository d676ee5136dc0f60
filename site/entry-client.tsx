import { hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { PAYLOAD_ID, ROOT_ID, SHELL_ID, type PagePayload, type Shell } from '../engine/shared/page.ts';
import { loadTemplate } from './templates/registry.ts';

const readJson = <T,>(id: string): T => JSON.parse(document.getElementById(id)?.textContent ?? 'null') as T;

const shell = readJson<Shell>(SHELL_ID);
const initial = readJson<PagePayload>(PAYLOAD_ID);
const root = document.getElementById(ROOT_ID);

if (root && shell && initial) {
  // The page's template chunk is preloaded by the HTML; wait for it so that hydration matches.
  void loadTemplate(initial.page.kind).then(() => {
    hydrateRoot(root, <App shell={shell} initial={initial} />);
  });
}
