import { usePage } from '../app/context.ts';
import { Missing } from '../components/Missing.tsx';
import { PageLinks } from '../components/PageLinks.tsx';
import { StandardPage } from '../components/StandardPage.tsx';
import { usePageProducts } from '../data/page-data.ts';
import { productById } from '../../engine/shared/products.ts';
import { hasIntroSection } from '../../engine/sections.ts';
import ProductIntro, { introFor } from '../sections/ProductIntro.tsx';

/**
 * Landing of a variant (pergola configuration, cable guided screens): heading, description, the
 * page's links (View Images / View Videos), key features, then its sections ('Choose Media Type').
 */
export default function VariantLanding() {
  const { payload } = usePage();
  const { page, vars } = payload;
  const { products } = usePageProducts();
  const product = productById(products, page.product);
  if (page.product && !product)
    return <Missing text={page.texts['notFound'] ?? page.heading} back={page.back} vars={vars} />;
  const ownIntro = product !== undefined && !hasIntroSection(page);
  return (
    <StandardPage actions={<PageLinks links={page.links} vars={vars} />} bands={ownIntro ? 1 : 0}>
      {ownIntro && <ProductIntro section={introFor(product.id)} index={0} vars={vars} />}
    </StandardPage>
  );
}
