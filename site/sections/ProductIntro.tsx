import { usePage, useShell } from '../app/context.ts';
import { GalleryDialogButton } from '../components/GalleryDialogButton.tsx';
import { SubHeading } from '../components/Heading.tsx';
import { Loading } from '../components/Loading.tsx';
import { BulletList, Card, CardBody, Lead } from '../components/ui.tsx';
import { useProducts } from '../data/hooks.ts';
import { productById } from '../lib/products.ts';
import { fillText } from '../lib/text.ts';
import { css, styled } from '../styles/stitches.ts';

const featuresTitle = css({ fontSize: '1.25rem !important', margin: '0 0 $2' });
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

const Columns = styled('div', {
  display: 'grid',
  gap: '$5',
  alignItems: 'start',
  '@md': { gridTemplateColumns: '3fr 2fr', gap: '$7' },
});

/** A product's description and 'Key Features', with an optional gallery dialog. */
export function ProductIntro({ section, index, vars }: SectionProps) {
  const { payload } = usePage();
  const { ui } = useShell();
  const { data: products, isLoading } = useProducts();
  const page = payload.page;
  const product = productById(products ?? [], section.product ?? page.product);
  if (isLoading) return <Loading text={page.texts['loading']} />;
  if (!product) return null;
  // The page's h1 usually is the product name already: no second heading with the same words.
  const heading =
    section.heading ?? (product.name !== fillText(page.heading || product.name, vars) ? product.name : undefined);
  const description = product.description !== page.intro ? product.description : undefined;
  return (
    <Frame section={{ ...section, ...(heading ? { heading } : {}) }} index={index} vars={vars}>
      <Columns>
        <div>
          {description && <Lead>{description}</Lead>}
          {section.dialog && (
            <GalleryDialogButton dialog={section.dialog} product={product} vars={vars} variant="primary" />
          )}
        </div>
        {product.features.length > 0 && (
          <Card as="aside" aria-labelledby={`${section.id ?? index}-features`}>
            <CardBody>
              <SubHeading id={`${section.id ?? index}-features`} className={featuresTitle()}>
                {ui['keyFeatures']}
              </SubHeading>
              <BulletList>
                {product.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </BulletList>
            </CardBody>
          </Card>
        )}
      </Columns>
    </Frame>
  );
}
