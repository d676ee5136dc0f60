import { cardsOf } from '../../engine/sections.ts';
import { FeatureCard } from '../components/FeatureCard.tsx';
import { cardSizes } from '../../engine/shared/images.ts';
import { Grid } from '../components/ui.tsx';
import { usePage } from '../app/context.ts';
import { usePageProducts } from '../data/page-data.ts';
import { productById } from '../../engine/shared/products.ts';
import { fillText } from '../../engine/placeholders.ts';
import { balancedColumns } from '../lib/grid.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

/** Cards from the manifest (with slot images, icons, bullets, links, dialogs, product texts). */
export default function Cards({ section, index, vars }: SectionProps) {
  const { payload } = usePage();
  const cards = cardsOf(section);
  const { products } = usePageProducts();
  const pictured = cards.filter((c) => c.slot !== undefined);
  // One picture among text cards: it takes a row of its own, the text cards share the rows below.
  const showcase = pictured.length === 1 && cards.length >= 3;
  const cols = balancedColumns(showcase ? cards.length - 1 : cards.length);
  const heading = section.heading !== undefined ? fillText(section.heading, vars) : undefined;
  return (
    <Frame section={section} index={index} vars={vars}>
      <Grid cols={cols} showcase={showcase} data-cols={cols}>
        {cards.map((card) => (
          <FeatureCard
            key={card.title}
            card={card}
            product={productById(products, card.product)}
            eager={index === 0 && !payload.page.hero}
            sizes={cardSizes(showcase && card.slot !== undefined ? 1 : cols)}
            untitled={cards.length === 1 && fillText(card.title, vars) === heading}
            wide={cols === 1 || (showcase && card.slot !== undefined)}
            showcase={showcase && card.slot !== undefined}
            vars={vars}
          />
        ))}
      </Grid>
    </Frame>
  );
}
