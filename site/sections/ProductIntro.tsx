import type { Section } from '../../engine/index.ts';
import type { ReactNode } from 'react';
import type { ApiFolderPreview } from '../../engine/shared/api.ts';
import { SIZES } from '../../engine/shared/images.ts';
import { usePage, useShell } from '../app/context.ts';
import type { Card as CardDef } from '../../engine/index.ts';
import { GalleryDialogButton, useDialogHref } from '../dialog/GalleryDialogButton.tsx';
import { SubHeading } from '../components/Heading.tsx';
import { ResponsiveThumb, useSlotImage } from '../components/SlotImage.tsx';
import { Actions, BulletList, ButtonLink, Lead } from '../components/ui.tsx';
import { usePageData } from '../data/page-data.ts';
import { useSourceContext } from '../data/sources.ts';
import { coverKey, introCoverFolder, introProduct } from '../../engine/shared/sources.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { cardsOf } from '../../engine/sections.ts';
import { css, styled } from '../styles/stitches.ts';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';
import { AWAIT_ISLAND_ATTR } from '../../engine/shared/islands.ts';

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
  display: 'block',
  width: '100%',
  padding: 0,
  border: 0,
  '&:is(a)': { cursor: 'zoom-in' },
  '& img, & [role="img"]': { width: '100%', height: '100%', objectFit: 'cover' },
});

const Text = styled('div', { display: 'flex', flexDirection: 'column', gap: '$4', '& p': { margin: 0 } });

/** The intro of a template's own product (a page that names a product but declares no product-intro). */
export const introFor = (product: string): Section => ({
  type: 'product-intro',
  product,
  items: [],
  icons: {},
  texts: {},
});

/** The intro's further buttons: its cards' gallery dialogs and links (Browse All Videos beside Watch All Videos). */
function MoreActions({ cards, vars }: { readonly cards: readonly CardDef[]; readonly vars: Vars }) {
  return (
    <>
      {cards.map((card) =>
        card.dialog ? (
          <GalleryDialogButton key={card.title} dialog={card.dialog} vars={vars} />
        ) : card.href ? (
          <ButtonLink key={card.title} variant="outline" href={fillText(card.href, vars)}>
            {fillText(card.button ?? card.title, vars)}
          </ButtonLink>
        ) : null,
      )}
    </>
  );
}

/**
 * The intro's picture. With a dialog, a second way in for pointers only: the button beside it is the
 * one keyboards and screen readers use, so the picture stays out of the tab order and the
 * accessibility tree. Before the dialog's island is live it is a link to the gallery page of the same folder.
 */
function IntroPicture(props: { image: ReactNode; dialog: boolean; href: string | undefined; trigger: string }) {
  const { image, dialog, href, trigger } = props;
  if (!dialog) return <Picture>{image}</Picture>;
  return (
    <Picture
      as="a"
      {...(href ? { href } : { [AWAIT_ISLAND_ATTR]: '' })}
      data-opens-dialog={trigger}
      tabIndex={-1}
      aria-hidden="true"
    >
      {image}
    </Picture>
  );
}

/** 'Key Features': the product's features as a list under its own heading. */
function Features({ features, id }: { readonly features: readonly string[]; readonly id: string }) {
  const { ui } = useShell();
  return (
    <div>
      <SubHeading id={id} className={featuresTitle()}>
        {ui['keyFeatures']}
      </SubHeading>
      <BulletList aria-labelledby={id}>
        {features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </BulletList>
    </div>
  );
}

/**
 * A product's picture (first image of its folder), description, 'Key Features' and optional gallery
 * dialog, which the picture opens too.
 */
export default function ProductIntro({ section, index, vars }: SectionProps) {
  const { payload } = usePage();
  const page = payload.page;
  const ctx = useSourceContext();
  const product = introProduct(ctx, section);
  const { data: cover } = usePageData<ApiFolderPreview>(coverKey(introCoverFolder(ctx, product)));
  // A product without media of its own (a screen application) shows its slot image, keyed by its id.
  const slotImage = useSlotImage(product && !product.driveFolderId ? product.id : undefined);
  const picture = (product?.driveFolderId ? undefined : slotImage) ?? cover?.previewUrl;
  const href = useDialogHref(section.dialog ?? { title: '' }, product);
  const trigger = `${section.id ?? index}-dialog`;
  const more = cardsOf(section);
  // Without the product (its list could not be read) the gallery buttons stay, and their dialogs say
  // what failed; a dialog opened meanwhile stays open while the list is asked again and heals.
  if (!product && !section.dialog && !more.some((c) => c.dialog)) return null;
  // The page's h1 usually is the product name already: no second heading with the same words.
  const h1 = fillText(page.heading || (product?.name ?? ''), vars);
  const named = section.heading !== undefined ? fillText(section.heading, vars) : product?.name;
  const heading = named !== undefined && named !== h1 ? named : undefined;
  const description = product && product.description !== page.intro ? product.description : undefined;
  const features = product?.features ?? [];
  const id = `${section.id ?? index}-features`;
  const image = product && picture && (
    <ResponsiveThumb
      url={picture}
      alt={product.name}
      sizes={SIZES.intro}
      // First on a page without a hero (a variant landing), it is the largest paint: preloaded in the head.
      {...(index === 0 && !page.hero
        ? { loading: 'eager' as const, fetchPriority: 'high' as const }
        : { loading: 'lazy' as const })}
      decoding="async"
    />
  );
  return (
    <Frame section={{ ...section, heading: heading ?? '' }} index={index} vars={vars}>
      <Columns>
        {image && <IntroPicture image={image} dialog={section.dialog !== undefined} href={href} trigger={trigger} />}
        <Text>
          {description && <Lead>{description}</Lead>}
          {features.length > 0 && <Features features={features} id={id} />}
          {(section.dialog || more.length > 0) && (
            <Actions>
              {section.dialog && (
                <GalleryDialogButton
                  dialog={section.dialog}
                  product={product}
                  vars={vars}
                  variant="primary"
                  trigger={trigger}
                />
              )}
              <MoreActions cards={product ? more : more.filter((c) => c.dialog)} vars={vars} />
            </Actions>
          )}
        </Text>
      </Columns>
    </Frame>
  );
}
