import type { ReactNode } from 'react';
import { styled } from '../styles/stitches.ts';
import { STAFF_API, type StaffPayload } from '../../engine/shared/staff.ts';
import { Button, Page } from './ui.tsx';

const Top = styled('header', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$4',
  padding: '$3 $5',
  backgroundColor: '$brand',
  color: '#fff',
});

const Name = styled('a', { color: '#fff', fontWeight: 700, textDecoration: 'none', marginRight: 'auto' });

const Person = styled('span', { fontWeight: 600 });

const Nav = styled('nav', {
  display: 'flex',
  // Six tools: on a phone they wrap rather than widen the page.
  flexWrap: 'wrap',
  columnGap: '$4',
  rowGap: '$2',
  a: { color: '#fff', textDecoration: 'none', opacity: 0.85 },
  'a[aria-current="page"]': { opacity: 1, textDecoration: 'underline', textUnderlineOffset: '6px' },
});

/** The staff pages' frame: site name, links to the tools the person's role opens, their name, sign-out. */
export function Layout({ payload, children }: { readonly payload: StaffPayload; readonly children: ReactNode }) {
  return (
    <>
      <Top>
        <Name href="/">{payload.siteName}</Name>
        <Nav>
          {payload.tools.map((t) => (
            <a key={t.path} href={t.path} aria-current={t.path === payload.path ? 'page' : undefined}>
              {t.label}
            </a>
          ))}
        </Nav>
        {payload.personName ? <Person>{payload.personName}</Person> : null}
        <form method="post" action={STAFF_API.signOut}>
          <Button type="submit" variant="light">
            {payload.signOutLabel}
          </Button>
        </form>
      </Top>
      <Page id="main">{children}</Page>
    </>
  );
}
