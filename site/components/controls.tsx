import type { NavItem } from '../../engine/index.ts';
import { isNavActive } from '../lib/nav.ts';
import { styled } from '../styles/stitches.ts';

// Apart from ui.tsx: only the menu and the gallery dialog use these, so a gallery's first load does not carry them.

/** A square 44 px button holding one icon (close buttons of dialogs and the menu). */
export const IconButton = /* @__PURE__ */ styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  border: '1px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$bg',
  color: '$text',
  cursor: 'pointer',
});

/** A link of the site's navigation (header and mobile menu); `aria-current="page"` marks where we are. */
export const NavLink = /* @__PURE__ */ styled('a', {
  display: 'block',
  padding: '$2 $3',
  borderRadius: '$sm',
  color: '$text',
  fontWeight: 500,
  textDecoration: 'none',
  '&:hover': { backgroundColor: '$surface' },
  '&[aria-current="page"]': { color: '$brand', backgroundColor: '$brandSoft', fontWeight: 700 },
});

/** The site's nav items as links, the one of `path` marked current (the header's and the phone menu's). */
export function NavItems({ nav, path }: { readonly nav: readonly NavItem[]; readonly path: string }) {
  return (
    <ul>
      {nav.map((item) => (
        <li key={item.href}>
          <NavLink href={item.href} aria-current={isNavActive(item, path) ? 'page' : undefined}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
