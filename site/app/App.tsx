import { useEffect } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { Router } from 'wouter';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { ToastHost } from '../components/Toasts.tsx';
import { fetchJson } from '../data/fetcher.ts';
import { FRESH_MS } from '../../engine/shared/keys.ts';
import { globalStyles, styled } from '../styles/stitches.ts';
import { getTemplate } from '../templates/registry.ts';
import { PageContext, ShellContext } from './context.ts';
import { ROOT_ID, type PagePayload, type Shell } from '../../engine/shared/page.ts';
import { usePageNavigation } from './navigation.ts';

/** The spec's data policy: no retry, fresh 2 min, refetch on focus, no polling. */
export const SWR_OPTIONS: SWRConfiguration = {
  fetcher: fetchJson,
  shouldRetryOnError: false,
  dedupingInterval: FRESH_MS.default,
  revalidateOnFocus: true,
  refreshInterval: 0,
};

const SkipLink = styled('a', {
  position: 'absolute',
  left: '$4',
  top: '-100px',
  zIndex: 100,
  padding: '$2 $4',
  backgroundColor: '$brand',
  color: '#fff',
  borderRadius: '$sm',
  '&:focus': { top: '$2' },
});

// The main column grows, so the footer sits at the bottom of a short page instead of floating.
const Main = styled('main', { display: 'block', flex: '1 0 auto', '&:focus': { outline: 'none' } });
const Column = styled('div', { display: 'flex', flexDirection: 'column', minHeight: '100vh' });

const Progress = styled('div', {
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: '3px',
  zIndex: 60,
  backgroundColor: '$accent',
});

function Site({ initial }: { readonly initial: PagePayload }) {
  const { state, pending } = usePageNavigation(initial);
  useEffect(() => {
    // Effects run once hydration has committed: a marker for tests and tools.
    document.getElementById(ROOT_ID)?.setAttribute('data-hydrated', '');
  }, []);
  const Template = getTemplate(state.payload.page.kind);
  return (
    <PageContext.Provider value={state}>
      <SWRConfig value={{ fallback: state.payload.fallback }}>
        <Column>
          <Header />
          <Main id="main" tabIndex={-1}>
            {Template ? <Template key={state.payload.path} /> : null}
          </Main>
          <Footer />
        </Column>
        {pending && <Progress aria-hidden="true" data-testid="nav-progress" />}
        <ToastHost />
      </SWRConfig>
    </PageContext.Provider>
  );
}

export interface AppProps {
  readonly shell: Shell;
  readonly initial: PagePayload;
  /** Server rendering: the requested path and query string. */
  readonly ssr?: { readonly path: string; readonly search: string };
}

/** The visitor app: shell data, router, data layer and the page of the current location. */
export function App({ shell, initial, ssr }: AppProps) {
  globalStyles();
  const router = ssr ? { ssrPath: ssr.path, ssrSearch: ssr.search } : {};
  return (
    <ShellContext.Provider value={shell}>
      <Router {...router}>
        <SWRConfig value={SWR_OPTIONS}>
          <SkipLink href="#main">{shell.ui['skipToContent']}</SkipLink>
          <Site initial={initial} />
        </SWRConfig>
      </Router>
    </ShellContext.Provider>
  );
}
