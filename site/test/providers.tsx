import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Catalogue, Page } from '../../engine/index.ts';
import { SWR_OPTIONS } from '../app/App.tsx';
import { PageContext, ShellContext } from '../app/context.ts';
import type { PagePayload, Shell } from '../../engine/shared/page.ts';

export const shellOf = (c: Catalogue): Shell => ({
  site: c.site,
  ui: c.ui,
  figures: c.figures,
  slots: Object.fromEntries(c.slots.map((s) => [s.id, s.fallback])),
});

/** A page payload as the server would build it (the data given as swr fallback). */
export function payloadOf(page: Page, over: Partial<PagePayload> = {}): PagePayload {
  return {
    type: 'page',
    path: page.path,
    status: 200,
    page,
    params: {},
    vars: {},
    head: { title: page.meta.title, description: page.meta.description, canonical: page.meta.canonical },
    folderIds: {},
    fallback: {},
    errors: [],
    ...over,
  };
}

/** The app's providers around one piece of UI: shell, router at `payload.path`, swr with its fallback. */
export function Providers({
  catalogue,
  payload,
  children,
}: {
  catalogue: Catalogue;
  payload: PagePayload;
  children: ReactNode;
}) {
  return (
    <ShellContext.Provider value={shellOf(catalogue)}>
      <Router hook={memoryLocation({ path: payload.path, static: true }).hook}>
        <SWRConfig value={{ ...SWR_OPTIONS, provider: () => new Map(), fallback: payload.fallback }}>
          <PageContext.Provider value={{ payload, receivedAt: Date.now() }}>{children}</PageContext.Provider>
        </SWRConfig>
      </Router>
    </ShellContext.Provider>
  );
}
