import type { ImgHTMLAttributes } from 'react';
import { useShell } from '../app/context.ts';
import { usePreviewImages } from '../data/hooks.ts';
import { Thumb } from './Thumb.tsx';

/** The image of a preview slot: the uploaded one when set, else the manifest's built-in default. */
export function useSlotImage(slot: string | undefined): string | undefined {
  const previews = usePreviewImages();
  const { slots } = useShell();
  if (!slot) return undefined;
  return previews[slot]?.imageUrl ?? slots[slot];
}

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'> {
  readonly slot: string;
  readonly alt: string;
}

/** A slot image; a failing upload falls back to the default, a failing default to the grey placeholder. */
export function SlotImage({ slot, alt, ...img }: Props) {
  const { slots } = useShell();
  const src = useSlotImage(slot);
  return <Thumb key={src} sources={[src, slots[slot]]} alt={alt} onFail="placeholder" {...img} />;
}
