import { ChevronRight } from 'lucide-react';
import type { Link as PageLink } from '../../engine/index.ts';
import { useShell } from '../app/context.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { styled } from '../styles/stitches.ts';

const Nav = styled('nav', {
  fontSize: '0.9rem',
  '& ol': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '$1',
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  '& li': { display: 'inline-flex', alignItems: 'center', gap: '$1', color: '$muted' },
  // 44 px tall: a tap target on a phone.
  '& a': { display: 'inline-flex', alignItems: 'center', minHeight: '44px', color: '$brand', textDecoration: 'none' },
  '& a:hover': { textDecoration: 'underline' },
  '& [aria-current]': { color: '$text', fontWeight: 600 },
});

/** The page's breadcrumb trail; the last entry is the current page. */
export function Breadcrumbs({ items, vars }: { readonly items: readonly PageLink[]; readonly vars: Vars }) {
  const { ui } = useShell();
  if (items.length === 0) return null;
  return (
    <Nav aria-label={ui['breadcrumb']} data-testid="breadcrumb">
      <ol>
        {items.map((item, i) => {
          const label = fillText(item.label, vars);
          const last = i === items.length - 1;
          return (
            <li key={`${i}-${item.label}`}>
              {i > 0 && <ChevronRight size={14} aria-hidden="true" />}
              {item.href && !last ? (
                <a href={fillText(item.href, vars)}>{label}</a>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </Nav>
  );
}
