import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ApiProduct } from '../../engine/shared/api.ts';
import type { Card as CardDef } from '../../engine/index.ts';
import { useShell } from '../app/context.ts';
import { firstFeatures } from '../../engine/shared/products.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { styled } from '../styles/stitches.ts';
import { GalleryDialogButton } from '../dialog/GalleryDialogButton.tsx';
import { SubHeading } from './Heading.tsx';
import { Icon } from './Icon.tsx';
import { cardSizes } from '../../engine/shared/images.ts';
import { ResponsiveThumb, SlotImage } from './SlotImage.tsx';
import { BulletList, ButtonLink, Card, CardActions, CardBody, IconBadge } from './ui.tsx';

const Media = styled('div', {
  aspectRatio: '16 / 10',
  backgroundColor: '$surface2',
  '& img, & [role="img"]': { width: '100%', height: '100%', objectFit: 'cover' },
});

const TitleRow = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  '& h2, & h3': { margin: 0, fontSize: '1.2rem' },
});

export interface FeatureCardProps {
  readonly card: CardDef;
  /** The product the card takes its text and features from. */
  readonly product?: ApiProduct | undefined;
  /** Slot id of the card image (a card's `slot`, or a product card's slot). */
  readonly slot?: string;
  /** The card image when it has no slot (a product card: its folder's cover). */
  readonly image?: string | undefined;
  /** `sizes` of the card image (engine/shared/images.ts cardSizes); three columns by default. */
  readonly sizes?: string;
  /** Load the image at once (cards in the first screenful). */
  readonly eager?: boolean;
  /** Leave the title out: the section's heading already says it (a section of one card). */
  readonly untitled?: boolean;
  /** The whole row to itself: picture beside the text from md on. */
  readonly wide?: boolean;
  /** The one pictured card among text cards (Grid `showcase`). */
  readonly showcase?: boolean;
  readonly vars: Vars;
  /** Extra lines under the text (counts). */
  readonly extra?: ReactNode;
}

/** A card: image or icon, title, text, bullets, and its buttons (links and/or gallery dialog). */
export function FeatureCard({
  card,
  product,
  slot,
  image,
  sizes,
  eager,
  untitled,
  wide,
  showcase,
  vars,
  extra,
}: FeatureCardProps) {
  const { ui } = useShell();
  const title = fillText(card.title, vars);
  const text = card.text !== undefined ? fillText(card.text, vars) : product?.description;
  const bullets = card.bullets ?? (product ? firstFeatures(product) : []);
  const imageSlot = card.slot ?? slot;
  const img = {
    alt: title,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    sizes: sizes ?? cardSizes(3),
    width: 640,
    height: 400,
  };
  const links = [
    ...(card.href ? [{ label: card.button ?? ui['viewDetails'] ?? '', href: card.href }] : []),
    ...(card.links ?? []),
  ].filter((l): l is { label: string; href: string } => l.href !== undefined);
  const picture = imageSlot ? (
    <SlotImage slot={imageSlot} {...img} />
  ) : image ? (
    <ResponsiveThumb url={image} {...img} />
  ) : null;
  return (
    <Card layout={wide ? (picture ? 'wide' : 'full') : undefined} data-card="" data-showcase={showcase || undefined}>
      {picture && <Media>{picture}</Media>}
      <CardBody>
        {!untitled && (
          <TitleRow>
            {card.icon && (
              <IconBadge>
                <Icon name={card.icon} />
              </IconBadge>
            )}
            <SubHeading>{title}</SubHeading>
          </TitleRow>
        )}
        {text && <p>{text}</p>}
        {extra}
        {bullets.length > 0 && (
          <BulletList>
            {bullets.map((b) => (
              <li key={b}>{fillText(b, vars)}</li>
            ))}
          </BulletList>
        )}
        {(links.length > 0 || card.dialog) && (
          <CardActions data-card-actions="">
            {card.dialog && <GalleryDialogButton dialog={card.dialog} product={product} vars={vars} />}
            {links.map((l, i) => (
              <ButtonLink key={l.href} href={fillText(l.href, vars)} variant={i === 0 ? 'primary' : 'outline'}>
                {fillText(l.label, vars)}
                <ArrowRight size={18} aria-hidden="true" />
              </ButtonLink>
            ))}
          </CardActions>
        )}
      </CardBody>
    </Card>
  );
}
