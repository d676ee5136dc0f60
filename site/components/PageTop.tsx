import type { ReactNode } from 'react';
import { usePage } from '../app/context.ts';
import { fillText } from '../../engine/placeholders.ts';
import { styled } from '../styles/stitches.ts';
import { kindOf } from '../../engine/kinds.ts';
import { BackLink } from './BackLink.tsx';
import { ConsultCta } from './Contact.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { SIZES } from '../../engine/shared/images.ts';
import { SlotImage } from './SlotImage.tsx';
import { Container, Lead } from './ui.tsx';

const Plain = styled('div', {
  padding: '$5 0 $6',
  background: 'linear-gradient(180deg, $surface 0%, $bg 100%)',
  borderBottom: '1px solid $border',
  '& h1': { marginTop: '$4' },
});

const Hero = styled('div', {
  position: 'relative',
  isolation: 'isolate',
  minHeight: '380px',
  display: 'flex',
  alignItems: 'flex-end',
  color: '#fff',
  '@md': { minHeight: '460px' },
  '& > img, & > [role="img"]': {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    zIndex: -2,
  },
  '&::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    zIndex: -1,
    background: 'linear-gradient(180deg, rgba(8, 22, 32, 0.35) 0%, rgba(8, 22, 32, 0.78) 100%)',
  },
  '& h1': { color: '#fff', maxWidth: '22ch', textShadow: '0 2px 12px rgba(0, 0, 0, 0.35)' },
  '& p': { color: 'rgba(255, 255, 255, 0.94)' },
  '& nav a, & nav [aria-current], & nav li': { color: '#fff' },
});

const HeroInner = styled('div', { padding: '$6 0 $7', width: '100%' });

interface Props {
  /** The page heading (h1), placeholders filled. */
  readonly heading: string;
  readonly intro?: string | undefined;
  /** The slot of the hero image; without one the top is a plain band. */
  readonly slot?: string | undefined;
  readonly children?: ReactNode;
}

/**
 * The top of a page: breadcrumb, back link, the one h1, intro and actions; over the hero image when
 * the page has one (loaded eagerly, high priority: it is the largest paint).
 */
export function PageTop({ heading, intro, slot, children }: Props) {
  const { payload } = usePage();
  const { page, vars } = payload;
  const content = (
    <Container>
      <Breadcrumbs items={page.breadcrumb} vars={vars} />
      {page.back && !slot && <BackLink link={page.back} vars={vars} />}
      <h1 tabIndex={-1}>{heading}</h1>
      {intro && <Lead>{fillText(intro, vars)}</Lead>}
      {children}
      {kindOf(page.kind).consultation && <ConsultCta />}
    </Container>
  );
  if (!slot) return <Plain>{content}</Plain>;
  return (
    <Hero>
      <SlotImage slot={slot} alt="" loading="eager" fetchPriority="high" decoding="async" sizes={SIZES.hero} />
      <HeroInner>{content}</HeroInner>
    </Hero>
  );
}
