import type { ApiFolderPreview, ApiProduct } from '../../engine/shared/api.ts';
import type { Section } from '../../engine/index.ts';
import { useShell } from '../app/context.ts';
import { FeatureCard } from '../components/FeatureCard.tsx';
import { cardSizes } from '../../engine/shared/images.ts';
import { Grid } from '../components/ui.tsx';
import { usePageData, usePageProducts } from '../data/page-data.ts';
import { filterProducts, iconFor, productHref } from '../../engine/shared/products.ts';
import { coverKey } from '../../engine/shared/sources.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { balancedColumns } from '../lib/grid.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

interface ProductCardProps {
  readonly section: Section;
  readonly product: ApiProduct;
  readonly cols: 1 | 2 | 3 | 4;
  readonly untitled: boolean;
  readonly vars: Vars;
}

/** One product's card: its slot image when it has one, else its folder's cover. */
function ProductCard({ section, product, cols, untitled, vars }: ProductCardProps) {
  const { slots } = useShell();
  const slot = slots[product.id] ? product.id : undefined;
  const { data: cover } = usePageData<ApiFolderPreview>(slot ? null : coverKey(product.driveFolderId));
  const href = productHref(section, product);
  const icon = iconFor(section, product);
  return (
    <FeatureCard
      card={{
        title: product.name,
        ...(icon ? { icon } : {}),
        ...(href ? { href } : {}),
        ...(section.button ? { button: section.button } : {}),
        ...(section.dialog ? { dialog: section.dialog } : {}),
      }}
      product={product}
      {...(slot ? { slot } : {})}
      image={cover?.previewUrl ?? undefined}
      sizes={cardSizes(cols)}
      untitled={untitled}
      wide={cols === 1}
      vars={{ ...vars, name: product.name }}
    />
  );
}

/**
 * Cards for the products a filter selects: image (the product's slot or folder picture), icon by type,
 * name, description, first 3 features, a link (the section's pattern or the product's href) and an
 * optional gallery dialog ('{name} Gallery').
 */
export default function ProductCards({ section, index, vars }: SectionProps) {
  const products = filterProducts(usePageProducts().products, section.filter);
  if (products.length === 0) return null;
  const cols = balancedColumns(products.length);
  const heading = section.heading !== undefined ? fillText(section.heading, vars) : undefined;
  return (
    <Frame section={section} index={index} vars={vars}>
      <Grid cols={cols} data-cols={cols}>
        {products.map((product) => (
          <ProductCard
            key={product.id}
            section={section}
            product={product}
            cols={cols}
            untitled={products.length === 1 && product.name === heading}
            vars={vars}
          />
        ))}
      </Grid>
    </Frame>
  );
}
