import { ChevronLeft } from 'lucide-react';
import type { Link as PageLink } from '../../engine/index.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { ButtonLink } from './ui.tsx';

/** 'Back to ...' link of a page (its `back` entry). */
export function BackLink({ link, vars }: { readonly link: PageLink | undefined; readonly vars: Vars }) {
  if (!link?.href) return null;
  return (
    <ButtonLink variant="ghost" href={fillText(link.href, vars)} data-testid="back-link" css={{ marginLeft: '-$2' }}>
      <ChevronLeft size={18} aria-hidden="true" />
      {fillText(link.label, vars)}
    </ButtonLink>
  );
}
