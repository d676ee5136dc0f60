import type { Card as CardDef } from '../../engine/index.ts';
import { FeatureCard } from '../components/FeatureCard.tsx';
import { Grid } from '../components/ui.tsx';
import { usePage } from '../app/context.ts';
import { useProducts } from '../data/hooks.ts';
import { productById } from '../../engine/contract/products.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

export const cardsOf = (items: readonly (string | CardDef)[]): CardDef[] =>
  items.filter((i): i is CardDef => typeof i !== 'string');

/** Grid columns for n cards: 4 fill a row, 2 sit side by side, anything else goes by threes. */
export const columnsFor = (n: number): 2 | 3 | 4 => (n === 4 || n === 8 ? 4 : n <= 2 ? 2 : 3);

/** Cards from the manifest (with slot images, icons, bullets, links, dialogs, product texts). */
export function Cards({ section, index, vars }: SectionProps) {
  const { payload } = usePage();
  const cards = cardsOf(section.items);
  const { data: products = [] } = useProducts(cards.some((c) => c.product));
  return (
    <Frame section={section} index={index} vars={vars}>
      <Grid cols={columnsFor(cards.length)}>
        {cards.map((card) => (
          <FeatureCard
            key={card.title}
            card={card}
            product={productById(products, card.product)}
            eager={index === 0 && !payload.page.hero}
            vars={vars}
          />
        ))}
      </Grid>
    </Frame>
  );
}
