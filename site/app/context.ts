import { createContext, useContext } from 'react';
import type { PagePayload, Shell } from '../../engine/shared/page.ts';
import type { UiTexts } from '../../engine/index.ts';

/** Site-wide data of the server render (never shipped to the browser: islands get their own props). */
export const ShellContext = createContext<Shell | null>(null);

/** The page being rendered on the server. */
export interface PageState {
  readonly payload: PagePayload;
  readonly receivedAt: number;
}

export const PageContext = createContext<PageState | null>(null);

/** The manifest's `ui` texts: the shell's on the server, the page's `site-ui` script in an island. */
export const UiContext = createContext<UiTexts>({});

/**
 * The language of the page's texts: the shell's on the server, `<html lang>` in the browser (an
 * island formats numbers and plurals, and tells the server which language a request is in, by it).
 */
export const LanguageContext = createContext('en');

/**
 * The data an island's swr keys start with: only the keys the island reads (its `data` prop, taken
 * from the page's payload by `<Island>`). `receivedAt` is when it was fetched (client clock, for
 * freshness). Static templates read the page's payload itself (site/data/page-data.ts).
 */
export interface DataState {
  readonly fallback: Readonly<Record<string, unknown>>;
  /** Keys whose fetch failed on the server (the part shows its error text). */
  readonly errors: readonly string[];
  /** Keys whose listing was cut to the first screenful: key -> the whole listing's length. */
  readonly partial?: Readonly<Record<string, number>>;
  readonly receivedAt: number;
}

export const DataContext = createContext<DataState>({ fallback: {}, errors: [], receivedAt: 0 });

/** True inside an island: the part hydrates, so React (not the boot script) handles its images. */
export const IslandContext = createContext(false);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the server render (an island reads its own props)');
  return shell;
}

export function usePage(): PageState {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage outside the server render (an island reads its own props)');
  return page;
}

export const useUi = (): UiTexts => useContext(UiContext);
export const useLanguage = (): string => useContext(LanguageContext);
export const useData = (): DataState => useContext(DataContext);
export const useInIsland = (): boolean => useContext(IslandContext);
