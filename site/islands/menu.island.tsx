import { X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ToggleEvent } from 'react';
import type { Alternate, NavItem } from '../../engine/index.ts';
import { useUi } from '../app/context.ts';
import { IconButton, NavItems } from '../components/controls.tsx';
import { LanguageSwitcher } from '../components/LanguageSwitcher.tsx';
import { trapTab } from '../lib/focus.ts';
import { keyframes, styled } from '../styles/stitches.ts';

/** The id of the phone menu's popover (its button in the header names it). */
export const MENU_ID = 'site-menu';

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } });

const Panel = styled('div', {
  position: 'fixed',
  inset: '0 0 0 auto',
  margin: 0,
  height: '100%',
  maxHeight: '100%',
  width: 'min(320px, 86vw)',
  padding: '$5',
  border: 'none',
  backgroundColor: '$bg',
  color: '$text',
  boxShadow: '$raised',
  '&::backdrop': { backgroundColor: '$overlay' },
  '&:popover-open': { display: 'flex', flexDirection: 'column', gap: '$4' },
  '@motion': { '&:popover-open': { animation: `${slideIn} 200ms ease-out` } },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$1' },
  '& a': { padding: '$3', fontSize: '1.1rem' },
});

const Close = styled(IconButton, { alignSelf: 'flex-end' });

export interface MenuIslandProps {
  readonly nav: readonly NavItem[];
  /** The page's path (the active item). */
  readonly path: string;
  /** The language switcher's entries (engine/addresses.ts). */
  readonly alternates: readonly Alternate[];
}

/**
 * The slide-in side menu of small screens: a popover its header button opens, so with no script it
 * opens, closes on Esc, on a tap beside it and on its close button, and gives the focus back to the
 * button. The island adds what a modal menu needs beyond that: Tab wraps inside it, and the focus
 * moves into it when it opens.
 */
export default function MenuIsland({ nav, path, alternates }: MenuIslandProps) {
  const ui = useUi();
  const ref = useRef<HTMLDivElement>(null);
  const focusInside = (): void => {
    ref.current?.querySelector<HTMLElement>('[aria-current="page"], nav a')?.focus();
  };
  // Opened before the island was live (its opening loaded the script): the focus moves in now.
  useEffect(() => {
    if (ref.current?.matches(':popover-open') && !ref.current.contains(document.activeElement)) focusInside();
  }, []);
  return (
    <Panel
      ref={ref}
      id={MENU_ID}
      popover="auto"
      role="dialog"
      aria-label={ui['menu']}
      data-testid="mobile-menu"
      onKeyDown={(e: KeyboardEvent<HTMLDivElement>) => trapTab(e, ref.current)}
      onToggle={(e: ToggleEvent<HTMLDivElement>) => {
        if (e.newState === 'open') focusInside();
      }}
    >
      <Close type="button" aria-label={ui['closeMenu']} popoverTarget={MENU_ID} popoverTargetAction="hide">
        <X size={22} aria-hidden="true" />
      </Close>
      <nav aria-label={ui['mainNav']}>
        <NavItems nav={nav} path={path} />
      </nav>
      <LanguageSwitcher alternates={alternates} wide />
    </Panel>
  );
}
