import type { ReactNode } from 'react';
import { HeadingLevel } from '../components/Heading.tsx';
import { Block, Container, Lead } from '../components/ui.tsx';
import { fillText } from '../../engine/placeholders.ts';
import type { SectionProps } from './types.ts';

/** A section's band: heading (h2), optional lead text, content; alternate bands are tinted. */
export function Frame({ section, index, vars, children }: SectionProps & { readonly children: ReactNode }) {
  const id = section.id ?? `section-${index}`;
  const heading = section.heading ? fillText(section.heading, vars) : undefined;
  return (
    <Block
      id={id}
      tone={index % 2 === 1 ? 'soft' : 'plain'}
      aria-labelledby={heading ? `${id}-heading` : undefined}
      data-section={section.type}
    >
      <Container>
        {heading && <h2 id={`${id}-heading`}>{heading}</h2>}
        {section.text && <Lead>{fillText(section.text, vars)}</Lead>}
        <HeadingLevel.Provider value={heading ? 3 : 2}>{children}</HeadingLevel.Provider>
      </Container>
    </Block>
  );
}
