import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ApiProduct } from '../../engine/api.ts';
import type { Card as CardDef } from '../../engine/index.ts';
import { useShell } from '../app/context.ts';
import { firstFeatures } from '../../engine/contract/products.ts';
import { fillText, type Vars } from '../../engine/contract/text.ts';
import { styled } from '../styles/stitches.ts';
import { GalleryDialogButton } from './GalleryDialogButton.tsx';
import { SubHeading } from './Heading.tsx';
import { Icon } from './Icon.tsx';
import { SlotImage } from './SlotImage.tsx';
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
  readonly product?: ApiProduct;
  /** Slot id of the card image (a card's `slot`, or a product card's slot). */
  readonly slot?: string;
  /** Load the image at once (cards in the first screenful). */
  readonly eager?: boolean;
  readonly vars: Vars;
  /** Extra lines under the text (counts). */
  readonly extra?: ReactNode;
}

/** A card: image or icon, title, text, bullets, and its buttons (link and/or gallery dialog). */
export function FeatureCard({ card, product, slot, eager, vars, extra }: FeatureCardProps) {
  const { ui } = useShell();
  const title = fillText(card.title, vars);
  const text = card.text !== undefined ? fillText(card.text, vars) : product?.description;
  const bullets = card.bullets ?? (product ? firstFeatures(product) : []);
  const imageSlot = card.slot ?? slot;
  return (
    <Card>
      {imageSlot && (
        <Media>
          <SlotImage
            slot={imageSlot}
            alt={title}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            width={640}
            height={400}
          />
        </Media>
      )}
      <CardBody>
        <TitleRow>
          {card.icon && (
            <IconBadge>
              <Icon name={card.icon} />
            </IconBadge>
          )}
          <SubHeading>{title}</SubHeading>
        </TitleRow>
        {text && <p>{text}</p>}
        {extra}
        {bullets.length > 0 && (
          <BulletList>
            {bullets.map((b) => (
              <li key={b}>{fillText(b, vars)}</li>
            ))}
          </BulletList>
        )}
        {(card.href || card.dialog) && (
          <CardActions>
            {card.dialog && <GalleryDialogButton dialog={card.dialog} product={product} vars={vars} />}
            {card.href && (
              <ButtonLink href={fillText(card.href, vars)}>
                {fillText(card.button ?? ui['viewDetails'] ?? '', vars)}
                <ArrowRight size={18} aria-hidden="true" />
              </ButtonLink>
            )}
          </CardActions>
        )}
      </CardBody>
    </Card>
  );
}
