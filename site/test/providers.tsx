import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { Page } from '../../engine/index.ts';
import type { Catalogue } from '../../engine/index.ts';
import { SWR_OPTIONS } from '../data/swr.ts';
import { DataContext, PageContext, ShellContext, UiContext } from '../app/context.ts';
import type { PagePayload } from '../../engine/shared/page.ts';
import { shellOf } from '../../engine/shared/shell.ts';

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

/** What the server render has around a piece of the page: shell, page, its data as swr fallback. */
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
      <UiContext.Provider value={catalogue.ui}>
        <SWRConfig value={{ ...SWR_OPTIONS, provider: () => new Map(), fallback: payload.fallback }}>
          <PageContext.Provider value={{ payload, receivedAt: Date.now() }}>
            <DataContext.Provider value={{ ...payload, receivedAt: Date.now() }}>{children}</DataContext.Provider>
          </PageContext.Provider>
        </SWRConfig>
      </UiContext.Provider>
    </ShellContext.Provider>
  );
}
