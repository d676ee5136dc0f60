import { Provider, type createStore } from 'jotai';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import type { UiTexts } from '../../engine/index.ts';
import { DataContext, IslandContext, LanguageContext, UiContext, type DataState } from '../app/context.ts';
import { SWR_OPTIONS } from '../data/swr.ts';
import { islandStore } from './store.ts';

/**
 * What every island root has around it, on the server (rendered on its own) and in the browser
 * (hydrated on its own): the shared jotai store, swr with the island's own data, the `ui` texts.
 */
export function IslandRoot({
  ui,
  language,
  data,
  store = islandStore,
  children,
}: {
  readonly ui: UiTexts;
  /** The page's language (`<html lang>`). */
  readonly language: string;
  readonly data: DataState;
  /** The server gives each render its own store (the browser's one store is shared by its islands). */
  readonly store?: ReturnType<typeof createStore>;
  readonly children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <SWRConfig value={{ ...SWR_OPTIONS, fallback: data.fallback }}>
        <LanguageContext.Provider value={language}>
          <UiContext.Provider value={ui}>
            <DataContext.Provider value={data}>
              <IslandContext.Provider value={true}>{children}</IslandContext.Provider>
            </DataContext.Provider>
          </UiContext.Provider>
        </LanguageContext.Provider>
      </SWRConfig>
    </Provider>
  );
}
