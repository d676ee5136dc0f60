import { createContext, useContext } from 'react';
import type { PagePayload, Shell } from '../../engine/shared/page.ts';

export const ShellContext = createContext<Shell | null>(null);

/** The page being shown and when its payload arrived (client clock, for freshness). */
export interface PageState {
  readonly payload: PagePayload;
  readonly receivedAt: number;
}

export const PageContext = createContext<PageState | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside <App>');
  return shell;
}

export function usePage(): PageState {
  const page = useContext(PageContext);
  if (!page) throw new Error('usePage outside a page');
  return page;
}
