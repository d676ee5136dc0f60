import { GalleryDialogButton } from '../dialog/GalleryDialogButton.tsx';
import { Actions } from '../components/ui.tsx';
import { Frame } from './Frame.tsx';
import type { SectionProps } from './types.ts';

/** A button that opens a gallery dialog (a product, folder or aggregate). */
export default function GalleryButton({ section, index, vars }: SectionProps) {
  if (!section.dialog) return null;
  return (
    <Frame section={section} index={index} vars={vars}>
      <Actions>
        <GalleryDialogButton dialog={section.dialog} vars={vars} variant="primary" />
      </Actions>
    </Frame>
  );
}
