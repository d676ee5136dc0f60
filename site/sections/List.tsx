import { Check } from 'lucide-react';
import { fillText } from '../../engine/contract/text.ts';
import { styled } from '../styles/stitches.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

const Items = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  '& li': {
    display: 'flex',
    alignItems: 'flex-start',
    gap: '$2',
    padding: '$3 $4',
    borderRadius: '$sm',
    backgroundColor: '$bg',
    border: '1px solid $border',
  },
  '& svg': { flexShrink: 0, marginTop: '3px', color: '$accent' },
});

/** A plain list of texts (add-ons, uses, colours, steps). */
export function List({ section, index, vars }: SectionProps) {
  const texts = section.items.filter((i): i is string => typeof i === 'string');
  return (
    <Frame section={section} index={index} vars={vars}>
      <Items>
        {texts.map((t) => (
          <li key={t}>
            <Check size={18} aria-hidden="true" />
            <span>{fillText(t, vars)}</span>
          </li>
        ))}
      </Items>
    </Frame>
  );
}
