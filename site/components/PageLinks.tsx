import { ArrowRight } from 'lucide-react';
import type { Link as PageLink } from '../../engine/index.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { Actions, ButtonLink } from './ui.tsx';

/** A page's own `links` (View Images, View Videos, ...) as buttons; the first is the main one. */
export function PageLinks({ links, vars }: { readonly links: readonly PageLink[]; readonly vars: Vars }) {
  const shown = links.filter((l) => l.href);
  if (shown.length === 0) return null;
  return (
    <Actions data-testid="page-links">
      {shown.map((l, i) => (
        <ButtonLink key={l.href} href={fillText(l.href ?? '/', vars)} variant={i === 0 ? 'primary' : 'outline'}>
          {fillText(l.label, vars)}
          <ArrowRight size={18} aria-hidden="true" />
        </ButtonLink>
      ))}
    </Actions>
  );
}
