import { ArrowRight, Film, Images } from 'lucide-react';
import type { Card as CardDef, Texts } from '../../engine/index.ts';
import { SubHeading } from '../components/Heading.tsx';
import { Grid, IconBadge } from '../components/ui.tsx';
import { usePageData } from '../data/page-data.ts';
import { mediaKey } from '../../engine/shared/keys.ts';
import { useSourceContext } from '../data/sources.ts';
import { mediaCardSource } from '../../engine/shared/sources.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { styled } from '../styles/stitches.ts';
import { cardsOf } from '../../engine/sections.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

const tileStyle = {
  display: 'flex',
  gap: '$4',
  alignItems: 'flex-start',
  padding: '$5',
  borderRadius: '$md',
  border: '1px solid $border',
  backgroundColor: '$bg',
  boxShadow: '$card',
  color: '$text',
  textDecoration: 'none',
  transition: 'box-shadow 150ms, border-color 150ms',
  '&:hover': { boxShadow: '$raised', borderColor: '$brand' },
  '& h2, & h3': { margin: 0, fontSize: '1.2rem' },
  '& p': { margin: '$1 0 0', color: '$muted' },
  '& .count': { color: '$accent', fontWeight: 700 },
  '& .go': { marginLeft: 'auto', alignSelf: 'center', color: '$brand' },
} as const;

const TileLink = styled('a', tileStyle);
const TileBox = styled('div', tileStyle);

function MediaTypeCard({ card, texts, vars }: { card: CardDef; texts: Texts; vars: Vars }) {
  const source = mediaCardSource(useSourceContext(), card);
  const listing = usePageData<readonly unknown[]>(card.media !== undefined ? mediaKey(source) : null);
  // A listing the server cut to its first screenful counts whole.
  const count = listing.length ?? listing.data?.length;
  const countText = card.media ? texts[card.media] : undefined;
  const body = (
    <>
      <IconBadge>{card.media === 'videos' ? <Film aria-hidden="true" /> : <Images aria-hidden="true" />}</IconBadge>
      <div>
        <SubHeading>{fillText(card.title, vars)}</SubHeading>
        {card.text && <p>{fillText(card.text, vars)}</p>}
        {countText && count !== undefined && (
          <p className="count" data-testid={`count-${card.media}`}>
            {fillText(countText, { ...vars, n: count })}
          </p>
        )}
      </div>
      <ArrowRight className="go" aria-hidden="true" />
    </>
  );
  return card.href ? <TileLink href={fillText(card.href, vars)}>{body}</TileLink> : <TileBox>{body}</TileBox>;
}

/** 'Choose Media Type': a card per media type with the real number of items in its folder. */
export default function MediaTypes({ section, index, vars }: SectionProps) {
  return (
    <Frame section={section} index={index} vars={vars}>
      <Grid cols={2}>
        {cardsOf(section).map((card) => (
          <MediaTypeCard key={card.title} card={card} texts={section.texts} vars={vars} />
        ))}
      </Grid>
    </Frame>
  );
}
