import type { ApiFolderPreview } from '../../engine/api.ts';
import { usePage, useShell } from '../app/context.ts';
import { GalleryDialogButton } from '../components/GalleryDialogButton.tsx';
import { SubHeading } from '../components/Heading.tsx';
import { Loading } from '../components/Loading.tsx';
import { useSlotImage } from '../components/SlotImage.tsx';
import { Thumb } from '../components/Thumb.tsx';
import { BulletList, Lead } from '../components/ui.tsx';
import { useApi, useProducts } from '../data/hooks.ts';
import { keys } from '../../engine/contract/keys.ts';
import { productById } from '../../engine/contract/products.ts';
import { fillText } from '../../engine/contract/text.ts';
import { css, styled } from '../styles/stitches.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

const featuresTitle = css({ fontSize: '1.25rem !important', margin: '0 0 $2' });

const Columns = styled('div', {
  display: 'grid',
  gap: '$5',
  alignItems: 'start',
  '@md': { gridTemplateColumns: '1fr 1fr', gap: '$7' },
});

const Picture = styled('div', {
  aspectRatio: '4 / 3',
  borderRadius: '$md',
  overflow: 'hidden',
  backgroundColor: '$surface2',
  boxShadow: '$card',
  '& img, & [role="img"]': { width: '100%', height: '100%', objectFit: 'cover' },
});

const Text = styled('div', { display: 'flex', flexDirection: 'column', gap: '$4', '& p': { margin: 0 } });

/** A product's picture (first image of its folder), description, 'Key Features' and optional gallery dialog. */
export function ProductIntro({ section, index, vars }: SectionProps) {
  const { payload } = usePage();
  const { ui } = useShell();
  const { data: products, isLoading } = useProducts();
  const page = payload.page;
  const product = productById(products ?? [], section.product ?? page.product);
  const folder = product?.driveFolderId;
  const { data: preview } = useApi<ApiFolderPreview>(folder ? keys.folderPreview(folder) : null);
  // A product without media of its own (a screen application) shows its preview slot, keyed by its id.
  const slotImage = useSlotImage(product && !folder ? product.id : undefined);
  const picture = preview?.previewUrl ?? slotImage;
  if (isLoading) return <Loading text={page.texts['loading']} />;
  if (!product) return null;
  // The page's h1 usually is the product name already: no second heading with the same words.
  const heading =
    section.heading ?? (product.name !== fillText(page.heading || product.name, vars) ? product.name : undefined);
  const description = product.description !== page.intro ? product.description : undefined;
  const id = `${section.id ?? index}-features`;
  return (
    <Frame section={{ ...section, ...(heading ? { heading } : {}) }} index={index} vars={vars}>
      <Columns>
        {picture && (
          <Picture>
            <Thumb sources={[picture]} alt={product.name} onFail="placeholder" loading="lazy" decoding="async" />
          </Picture>
        )}
        <Text>
          {description && <Lead>{description}</Lead>}
          {product.features.length > 0 && (
            <div>
              <SubHeading id={id} className={featuresTitle()}>
                {ui['keyFeatures']}
              </SubHeading>
              <BulletList aria-labelledby={id}>
                {product.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </BulletList>
            </div>
          )}
          {section.dialog && (
            <div>
              <GalleryDialogButton dialog={section.dialog} product={product} vars={vars} variant="primary" />
            </div>
          )}
        </Text>
      </Columns>
    </Frame>
  );
}
