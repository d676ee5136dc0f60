import { ArrowRight } from 'lucide-react';
import { Actions, ButtonLink } from '../components/ui.tsx';
import { fillText } from '../../engine/placeholders.ts';
import { cardsOf } from '../../engine/sections.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

/** A row of links to other pages. */
export default function Links({ section, index, vars }: SectionProps) {
  const links = cardsOf(section).filter((c) => c.href);
  return (
    <Frame section={section} index={index} vars={vars}>
      <Actions>
        {links.map((l) => (
          <ButtonLink key={l.href} variant="outline" href={fillText(l.href ?? '/', vars)}>
            {fillText(l.title, vars)}
            <ArrowRight size={18} aria-hidden="true" />
          </ButtonLink>
        ))}
      </Actions>
    </Frame>
  );
}
