import type { Section } from '../../engine/index.ts';
import type { Vars } from '../../engine/placeholders.ts';
import { Cards } from './Cards.tsx';
import { Figures } from './Figures.tsx';
import { GalleryButton } from './GalleryButton.tsx';
import { Links } from './Links.tsx';
import { List } from './List.tsx';
import { MediaTypes } from './MediaTypes.tsx';
import { ProductCards } from './ProductCards.tsx';
import { ProductIntro } from './ProductIntro.tsx';
import type { SectionProps } from './types.ts';

function SectionView(props: SectionProps) {
  switch (props.section.type) {
    case 'product-intro':
      return <ProductIntro {...props} />;
    case 'cards':
      return <Cards {...props} />;
    case 'product-cards':
      return <ProductCards {...props} />;
    case 'figures':
      return <Figures {...props} />;
    case 'list':
      return <List {...props} />;
    case 'gallery-button':
      return <GalleryButton {...props} />;
    case 'media-types':
      return <MediaTypes {...props} />;
    case 'links':
      return <Links {...props} />;
    default: {
      const never: never = props.section.type;
      return never;
    }
  }
}

/** A page's sections in manifest order; `offset` shifts the alternating backgrounds. */
export function Sections({
  sections,
  vars,
  offset = 0,
}: {
  sections: readonly Section[];
  vars: Vars;
  offset?: number;
}) {
  return (
    <>
      {sections.map((section, i) => (
        <SectionView key={section.id ?? `${section.type}-${i}`} section={section} index={i + offset} vars={vars} />
      ))}
    </>
  );
}
