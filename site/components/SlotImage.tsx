import { useContext, type ImgHTMLAttributes } from 'react';
import { responsive } from '../../engine/shared/images.ts';
import { PageContext, useShell } from '../app/context.ts';
import { usePageSlotImages } from '../data/page-data.ts';
import { Thumb } from './Thumb.tsx';

/** The image of a slot: its slot image when staff uploaded one, else the manifest's built-in default. */
export function useSlotImage(slot: string | undefined): string | undefined {
  const images = usePageSlotImages();
  const { slots } = useShell();
  if (!slot) return undefined;
  return images[slot]?.imageUrl ?? slots[slot];
}

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError' | 'sizes'> {
  readonly slot: string;
  readonly alt: string;
  /** How wide the image is shown at each breakpoint (engine/shared/images.ts SIZES). */
  readonly sizes: string;
}

/**
 * A slot image through the responsive pipeline (renditions, intrinsic size, the LQIP when
 * lazy); a failing slot image falls back to the default, a failing default to the grey placeholder.
 */
export function SlotImage({ slot, alt, sizes, ...img }: Props) {
  const { slots } = useShell();
  const src = useSlotImage(slot);
  return <ResponsiveThumb key={src} url={src} fallback={slots[slot]} alt={alt} sizes={sizes} {...img} />;
}

interface ResponsiveProps extends Omit<Props, 'slot'> {
  /** The image URL (a slot image, a slot's default, a folder cover). */
  readonly url: string | undefined;
  /** Tried when `url` fails. */
  readonly fallback?: string | undefined;
}

/** An image whose renditions the page payload knows (`payload.images`); a plain `<img>` otherwise. */
export function ResponsiveThumb({ url, fallback, alt, sizes, ...img }: ResponsiveProps) {
  const images = useContext(PageContext)?.payload.images;
  const ref = url ? images?.[url] : undefined;
  if (!ref) return <Thumb sources={[url, fallback]} alt={alt} onFail="placeholder" {...img} />;
  const { src, srcSet, width, height } = responsive(ref);
  const lazy = img.loading === 'lazy';
  return (
    <Thumb
      sources={[src, url, fallback]}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      onFail="placeholder"
      {...img}
      width={width}
      height={height}
      {...(lazy && ref.lqip ? { lqip: ref.lqip } : {})}
    />
  );
}
