import { usePage, useShell } from '../app/context.ts';
import { FeatureCard } from '../components/FeatureCard.tsx';
import { Loading } from '../components/Loading.tsx';
import { Grid } from '../components/ui.tsx';
import { useProducts } from '../data/hooks.ts';
import { filterProducts, iconFor, productHref } from '../../engine/contract/products.ts';
import { Frame } from './Frame.tsx';
import { columnsFor } from './Cards.tsx';
import type { SectionProps } from './types.ts';

/**
 * Cards for the products a filter selects: image (the product's slot), icon by type, name,
 * description, first 3 features, a link (the section's pattern or the product's href) and an
 * optional gallery dialog ('{name} Gallery').
 */
export function ProductCards({ section, index, vars }: SectionProps) {
  const { payload } = usePage();
  const { slots } = useShell();
  const { data, isLoading } = useProducts();
  if (isLoading) return <Loading text={payload.page.texts['loading']} />;
  const products = filterProducts(data ?? [], section.filter);
  if (products.length === 0) return null;
  return (
    <Frame section={section} index={index} vars={vars}>
      <Grid cols={columnsFor(products.length)}>
        {products.map((product) => {
          const href = productHref(section, product);
          const icon = iconFor(section, product);
          return (
            <FeatureCard
              key={product.id}
              card={{
                title: product.name,
                ...(icon ? { icon } : {}),
                ...(href ? { href } : {}),
                ...(section.button ? { button: section.button } : {}),
                ...(section.dialog ? { dialog: section.dialog } : {}),
              }}
              product={product}
              {...(slots[product.id] ? { slot: product.id } : {})}
              vars={{ ...vars, name: product.name }}
            />
          );
        })}
      </Grid>
    </Frame>
  );
}
