import { usePage } from '../app/context.ts';
import { Missing } from '../components/Missing.tsx';
import { PageTop } from '../components/PageTop.tsx';
import { introProduct } from '../../engine/shared/sources.ts';
import { useSourceContext } from '../data/sources.ts';
import { fillText } from '../../engine/placeholders.ts';
import { Sections } from '../sections/index.tsx';
import ProductIntro, { introFor } from '../sections/ProductIntro.tsx';

/**
 * An application of a pattern route (/screens/motorized-screens/:type): the product is looked up
 * by type at run time; unknown types show the page's not-found text.
 */
export default function Application() {
  const { payload } = usePage();
  const { page, vars } = payload;
  const product = introProduct(useSourceContext(), undefined);
  if (!product) return <Missing text={page.texts['notFound'] ?? page.heading} back={page.back} vars={vars} />;
  const named = { ...vars, name: product.name };
  return (
    <>
      <PageTop heading={fillText(page.heading || '{name}', named)} />
      <ProductIntro section={introFor(product.id)} index={0} vars={named} />
      <Sections sections={page.sections} vars={named} offset={1} />
    </>
  );
}
