import type { Texts } from '../../engine/texts.ts';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { styled } from '../styles/stitches.ts';
import { fileProblem } from './checks.ts';
import { DropZone } from './DropZone.tsx';
import type { StaffSlot } from '../../engine/shared/staff.ts';
import { notify } from './toast.tsx';
import { Button } from './ui.tsx';
import { UploadError, uploadSlotImage } from './upload.ts';

const Dialog = styled('dialog', {
  width: 'min(560px, calc(100vw - 32px))',
  border: 0,
  borderRadius: '$lg',
  padding: '$5',
  boxShadow: '$raised',
  '&::backdrop': { backgroundColor: '$overlay' },
});

const Actions = styled('div', { display: 'flex', justifyContent: 'flex-end' });

interface Props {
  readonly slot: StaffSlot;
  readonly texts: Texts;
  readonly closeLabel: string;
  /** Called with the new image URL after a successful upload (the dialog then closes). */
  readonly onUploaded: (imageUrl: string) => void;
  readonly onClose: () => void;
}

/**
 * An upload of a slot's image: the browser checks type and size first; the upload shows its progress;
 * success calls `onUploaded`, failure says why (in the dialog and in a toast).
 */
function useSlotUpload(slot: StaffSlot, texts: Texts, onUploaded: (imageUrl: string) => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (file: File | null): Promise<void> => {
    if (!file || progress !== null) return;
    const found = fileProblem(file, texts);
    if (found !== null) {
      setProblem(found);
      notify.error(texts['errorTitle'] ?? '', found);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const { imageUrl } = await uploadSlotImage(file, slot.id, setProgress);
      notify.success(texts['successTitle'] ?? '', texts['successBody'] ?? '');
      onUploaded(imageUrl);
    } catch (error) {
      const message = (error instanceof UploadError && error.message) || texts['uploadFailed'] || '';
      setProblem(message);
      notify.error(texts['errorTitle'] ?? '', message);
      setProgress(null);
    }
  };
  return { progress, problem, send };
}

/**
 * 'Change Image' for one slot: drop an image on the zone (highlighted while dragging; only the first
 * file counts) or choose one (image/* only). The browser checks type and size first; the upload
 * shows its progress; success closes the dialog, failure leaves it open with the reason.
 */
export function ChangeImageDialog({ slot, texts, closeLabel, onUploaded, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { progress, problem, send } = useSlotUpload(slot, texts, onUploaded);
  const uploading = progress !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <Dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e: SyntheticEvent) => uploading && e.preventDefault()}
    >
      <h2 id={titleId}>
        {texts['changeImage']}: {slot.label}
      </h2>
      <DropZone texts={texts} onFile={(file) => void send(file)} progress={progress} problem={problem} />
      <Actions>
        <Button type="button" variant="outline" onClick={() => ref.current?.close()} disabled={uploading}>
          {closeLabel}
        </Button>
      </Actions>
    </Dialog>
  );
}
