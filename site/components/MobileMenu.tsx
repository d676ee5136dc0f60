import { X } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useShell } from '../app/context.ts';
import { trapTab } from '../lib/focus.ts';
import { isNavActive } from '../lib/nav.ts';
import { keyframes, styled } from '../styles/stitches.ts';
import { IconButton, NavLink } from './ui.tsx';

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } });

const Panel = styled('dialog', {
  margin: '0 0 0 auto',
  height: '100%',
  maxHeight: '100%',
  width: 'min(320px, 86vw)',
  padding: '$5',
  border: 'none',
  backgroundColor: '$bg',
  boxShadow: '$raised',
  '&::backdrop': { backgroundColor: '$overlay' },
  '&[open]': { display: 'flex', flexDirection: 'column', gap: '$4' },
  '@motion': { '&[open]': { animation: `${slideIn} 200ms ease-out` } },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$1' },
  '& a': { padding: '$3', fontSize: '1.1rem' },
});

const Close = styled(IconButton, { alignSelf: 'flex-end' });

interface Props {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly opener: RefObject<HTMLButtonElement | null>;
  readonly path: string;
}

/**
 * The slide-in side menu of small screens: a modal <dialog> (the page behind is inert), Tab wraps
 * inside it, Esc and the close button close it, and focus goes back to the menu button.
 */
export function MobileMenu({ open, onClose, opener, path }: Props) {
  const { site, ui } = useShell();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <Panel
      ref={ref}
      aria-label={ui['menu']}
      onClose={() => {
        onClose();
        opener.current?.focus();
      }}
      onKeyDown={(e: KeyboardEvent<HTMLDialogElement>) => trapTab(e, ref.current)}
      onClick={(e: MouseEvent<HTMLDialogElement>) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === ref.current) ref.current?.close();
      }}
    >
      <Close type="button" aria-label={ui['closeMenu']} onClick={() => ref.current?.close()}>
        <X size={22} aria-hidden="true" />
      </Close>
      <nav aria-label={ui['mainNav']}>
        <ul>
          {site.nav.map((item) => (
            <li key={item.href}>
              <NavLink
                href={item.href}
                aria-current={isNavActive(item, path) ? 'page' : undefined}
                onClick={() => ref.current?.close()}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Panel>
  );
}
