import { fillText } from '../../engine/placeholders.ts';
import { BulletList } from '../components/ui.tsx';
import { styled } from '../styles/stitches.ts';
import { cardsOf } from '../../engine/sections.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

/** Plain text in columns, a small dot before each: nothing that looks like a button or a filter chip. */
const Items = styled(BulletList, {
  margin: 0,
  columnGap: '$6',
  rowGap: '$2',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
});

/** A colour palette: each colour's swatch with its name under it. */
const Swatches = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$5',
  '& li': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '$2',
    width: '96px',
    textAlign: 'center',
  },
  '& span[aria-hidden]': {
    width: '64px',
    height: '64px',
    borderRadius: '50%',
    border: '1px solid rgba(0, 0, 0, 0.18)',
    boxShadow: 'inset 0 -6px 12px rgba(0, 0, 0, 0.12)',
  },
});

/** A plain list of texts (add-ons, uses, steps), or of colours when its items carry swatches. */
export default function List({ section, index, vars }: SectionProps) {
  const colours = cardsOf(section).filter((c) => c.swatch);
  const texts = section.items.filter((i): i is string => typeof i === 'string');
  return (
    <Frame section={section} index={index} vars={vars}>
      {texts.length > 0 && (
        <Items data-list="plain">
          {texts.map((t) => (
            <li key={t}>{fillText(t, vars)}</li>
          ))}
        </Items>
      )}
      {colours.length > 0 && (
        <Swatches data-list="swatches">
          {colours.map((c) => (
            <li key={c.title}>
              <span aria-hidden="true" style={{ backgroundColor: c.swatch }} />
              {fillText(c.title, vars)}
            </li>
          ))}
        </Swatches>
      )}
    </Frame>
  );
}
