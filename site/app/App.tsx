import { SWRConfig } from 'swr';
import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { SWR_OPTIONS } from '../data/swr.ts';
import { globalStyles, styled } from '../styles/stitches.ts';
import { getTemplate } from '../templates/registry.ts';
import { DataContext, LanguageContext, PageContext, ShellContext, UiContext } from './context.ts';
import type { PagePayload, Shell } from '../../engine/shared/page.ts';

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

export interface AppProps {
  readonly shell: Shell;
  readonly payload: PagePayload;
}

/**
 * A visitor page as the server renders it: shell, header, the template of its kind, footer. Its data
 * comes from the payload (swr fallback); its interactive parts are islands with their own props.
 */
export function App({ shell, payload }: AppProps) {
  globalStyles();
  const Template = getTemplate(payload.page.kind);
  return (
    <ShellContext.Provider value={shell}>
      <LanguageContext.Provider value={shell.language}>
        <UiContext.Provider value={shell.ui}>
          <PageContext.Provider value={{ payload, receivedAt: Date.now() }}>
            <DataContext.Provider value={{ ...payload, receivedAt: Date.now() }}>
              <SWRConfig value={{ ...SWR_OPTIONS, fallback: payload.fallback }}>
                <SkipLink href="#main">{shell.ui['skipToContent']}</SkipLink>
                <Column>
                  <Header />
                  <Main id="main" tabIndex={-1}>
                    {Template ? <Template /> : null}
                  </Main>
                  <Footer />
                </Column>
              </SWRConfig>
            </DataContext.Provider>
          </PageContext.Provider>
        </UiContext.Provider>
      </LanguageContext.Provider>
    </ShellContext.Provider>
  );
}
