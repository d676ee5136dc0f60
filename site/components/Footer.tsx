import { useShell } from '../app/context.ts';
import { styled } from '../styles/stitches.ts';
import { ContactBlock } from './Contact.tsx';

const Foot = styled('footer', {
  marginTop: 0,
  backgroundColor: '$brand',
  color: '#fff',
  padding: '$7 0 $6',
  '& a': { color: '#fff', textDecoration: 'none' },
  '& a:hover': { textDecoration: 'underline' },
});

const Inner = styled('div', {
  maxWidth: '$content',
  margin: '0 auto',
  padding: '0 $5',
  display: 'grid',
  gap: '$5',
  '@md': { gridTemplateColumns: '2fr 3fr' },
  '@lg': { gridTemplateColumns: '1fr 2fr 1fr' },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '0 $5' },
  // Tap targets: at least 44 px tall on a phone.
  '& nav a': { display: 'inline-flex', alignItems: 'center', minHeight: '44px' },
  '& p': { margin: 0, color: 'rgba(255, 255, 255, 0.88)' },
});

const Name = styled('p', { fontFamily: '$heading', fontSize: '1.3rem', fontWeight: 700, color: '#fff !important' });

/** Site footer: name, tagline, the contact block and the nav again. */
export function Footer() {
  const { site, ui } = useShell();
  return (
    <Foot>
      <Inner>
        <div>
          <Name>{site.name}</Name>
          <p>{ui['footer']}</p>
        </div>
        <ContactBlock />
        <nav aria-label={ui['footerNav']}>
          <ul>
            {site.nav.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </Inner>
    </Foot>
  );
}
