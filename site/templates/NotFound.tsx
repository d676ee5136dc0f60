import { Home } from 'lucide-react';
import { usePage, useShell } from '../app/context.ts';
import { ButtonLink, Container, Lead, StatusBox } from '../components/ui.tsx';

/** The catch-all page: '404 Page Not Found' (served with HTTP 404). */
export default function NotFound() {
  const { payload } = usePage();
  const { ui } = useShell();
  return (
    <Container css={{ padding: '$7 $4' }}>
      <StatusBox>
        <h1 tabIndex={-1}>{payload.page.heading}</h1>
        <Lead>{ui['notFoundBody']}</Lead>
        <ButtonLink href="/">
          <Home size={18} aria-hidden="true" />
          {ui['notFoundLink']}
        </ButtonLink>
      </StatusBox>
    </Container>
  );
}
