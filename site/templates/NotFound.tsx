import { Home } from 'lucide-react';
import { usePage, useShell } from '../app/context.ts';
import { ButtonLink, Container, Lead, StatusBox } from '../components/ui.tsx';
import { fillText } from '../../engine/placeholders.ts';

/** A language's name in the page's language (`en` on a Spanish page: inglés). */
const languageName = (code: string, language: string): string =>
  new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code;

/** The catch-all page: '404 Page Not Found' (served with HTTP 404). */
export default function NotFound() {
  const { payload } = usePage();
  const { ui, home, language } = useShell();
  const elsewhere = payload.elsewhere;
  const first = payload.alternates?.[0];
  return (
    <Container css={{ padding: '$7 $4' }}>
      <StatusBox>
        <h1 tabIndex={-1}>{payload.page.heading}</h1>
        <Lead>{ui['notFoundBody']}</Lead>
        {elsewhere && first ? (
          <Lead>
            <a href={elsewhere} hrefLang={first.language} data-testid="not-found-elsewhere">
              {fillText(ui['notFoundElsewhere'] ?? '', { language: languageName(first.language, language) })}
            </a>
          </Lead>
        ) : null}
        <ButtonLink href={home}>
          <Home size={18} aria-hidden="true" />
          {ui['notFoundLink']}
        </ButtonLink>
      </StatusBox>
    </Container>
  );
}
