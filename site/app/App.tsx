import { Footer } from '../components/Footer.tsx';
import { Header } from '../components/Header.tsx';
import { globalStyles } from '../styles/global.ts';
import { styled } from '../styles/stitches.ts';
import { bootUiStyles } from '../styles/boot-ui.ts';
import { getTemplate } from '../templates/registry.ts';
import { LanguageContext, PageContext, ShellContext, UiContext } from './context.ts';
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
 * A visitor page as the server renders it: shell, header, the template of its kind, footer. Static
 * parts read the payload at once (no fetching, no loading state: site/data/page-data.ts); the
 * interactive parts are islands with their own props and data.
 */
export function App({ shell, payload }: AppProps) {
  globalStyles();
  bootUiStyles();
  const Template = getTemplate(payload.page.kind);
  return (
    <ShellContext.Provider value={shell}>
      <LanguageContext.Provider value={shell.language}>
        <UiContext.Provider value={shell.ui}>
          <PageContext.Provider value={{ payload, receivedAt: Date.now() }}>
            <SkipLink href="#main">{shell.ui['skipToContent']}</SkipLink>
            <Column>
              <Header />
              <Main id="main" tabIndex={-1}>
                {Template ? <Template /> : null}
              </Main>
              <Footer />
            </Column>
          </PageContext.Provider>
        </UiContext.Provider>
      </LanguageContext.Provider>
    </ShellContext.Provider>
  );
}
