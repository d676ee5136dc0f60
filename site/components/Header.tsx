import { Menu } from 'lucide-react';
import { usePage, useShell } from '../app/context.ts';
import { Island } from '../islands/Island.tsx';
import { MENU_ID } from '../islands/menu.island.tsx';
import { styled } from '../styles/stitches.ts';
import { CallButton } from './Contact.tsx';
import { NavItems } from './controls.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

const Bar = styled('header', {
  position: 'sticky',
  top: 0,
  zIndex: 50,
  height: '$header',
  backgroundColor: 'rgba(255, 255, 255, 0.97)',
  borderBottom: '1px solid $border',
  backdropFilter: 'saturate(180%) blur(6px)',
});

const Inner = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$4',
  height: '100%',
  maxWidth: '$content',
  margin: '0 auto',
  padding: '0 $4',
  '@sm': { padding: '0 $5' },
});

const Brand = styled('a', {
  fontFamily: '$heading',
  fontSize: '1.35rem',
  fontWeight: 700,
  color: '$brand',
  textDecoration: 'none',
  lineHeight: 1.1,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
});

const DesktopNav = styled('nav', {
  display: 'none',
  '@md': { display: 'block' },
  '& ul': { display: 'flex', gap: '$1', listStyle: 'none', margin: 0, padding: 0 },
  '& a': { paddingInline: '$2' },
  // From 1024 px the labels have room on one line ('Retractable Awnings', 'Cortinas y persianas'):
  // the brand's name wraps instead.
  '@media (min-width: 1024px)': { flexShrink: 0, '& a': { whiteSpace: 'nowrap' } },
});

const MenuButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '44px',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$bg',
  color: '$text',
  fontWeight: 600,
  cursor: 'pointer',
  '@md': { display: 'none' },
});

const Tools = styled('div', { display: 'flex', alignItems: 'center', gap: '$2' });

// Phones have the switcher in the menu: the bar has room for the brand, the call and the menu buttons only.
const Languages = styled('div', { display: 'none', '@md': { display: 'block' } });

/**
 * The sticky 100 px header: brand, the nav with its active rule, and the phone menu's button (it opens
 * the menu popover with no script; the menu island adds focus handling once loaded).
 */
export function Header() {
  const { site, ui, home } = useShell();
  const { path, alternates = [] } = usePage().payload;
  return (
    <Bar>
      <Inner>
        <Brand href={home}>{site.name}</Brand>
        <DesktopNav aria-label={ui['mainNav']}>
          <NavItems nav={site.nav} path={path} />
        </DesktopNav>
        <Tools>
          <Languages>
            <LanguageSwitcher alternates={alternates} />
          </Languages>
          <CallButton />
          <MenuButton type="button" aria-haspopup="dialog" popoverTarget={MENU_ID} data-testid="menu-button">
            <Menu size={20} aria-hidden="true" />
            {ui['menu']}
          </MenuButton>
        </Tools>
      </Inner>
      <Island name="menu" props={{ nav: site.nav, path, alternates }} />
    </Bar>
  );
}
