import type { Texts } from '../../engine/texts.ts';
import { useEffect, useId, useRef, useState, type DragEvent, type SyntheticEvent } from 'react';
import { styled } from '../styles/stitches.ts';
import { ACCEPT_IMAGES, fileProblem, firstFile } from './checks.ts';
import type { StaffSlot } from '../../engine/shared/staff.ts';
import { notify } from './toast.tsx';
import { Bar, Button, Muted } from './ui.tsx';
import { UploadError, uploadSlotImage } from './upload.ts';

const Dialog = styled('dialog', {
  width: 'min(560px, calc(100vw - 32px))',
  border: 0,
  borderRadius: '$lg',
  padding: '$5',
  boxShadow: '$raised',
  '&::backdrop': { backgroundColor: '$overlay' },
});

const Zone = styled('div', {
  display: 'grid',
  justifyItems: 'center',
  gap: '$3',
  padding: '$6 $4',
  margin: '$4 0',
  textAlign: 'center',
  border: '2px dashed $border',
  borderRadius: '$md',
  backgroundColor: '$surface',
  variants: {
    active: { true: { borderColor: '$brand', backgroundColor: '$brandSoft' } },
  },
});

const Problem = styled('p', { color: '$danger', fontWeight: 600, margin: 0 });
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
 * 'Change Image' for one slot: drop an image on the zone (highlighted while dragging; only the first
 * file counts) or choose one (image/* only). The browser checks type and size first; the upload
 * shows its progress; success closes the dialog, failure leaves it open with the reason.
 */
export function ChangeImageDialog({ slot, texts, closeLabel, onUploaded, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = progress !== null;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const send = async (file: File | null): Promise<void> => {
    if (!file || uploading) return;
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

  const over = (e: DragEvent): void => {
    e.preventDefault();
    if (!uploading) setDragging(true);
  };
  const leave = (e: DragEvent): void => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const drop = (e: DragEvent): void => {
    e.preventDefault();
    setDragging(false);
    void send(firstFile(e.dataTransfer.files));
  };

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
      <Zone
        active={dragging}
        data-testid="drop-zone"
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={leave}
        onDrop={drop}
      >
        <strong>{dragging ? texts['dropHere'] : texts['dropHint']}</strong>
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept={ACCEPT_IMAGES}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            void send(firstFile(e.currentTarget.files));
            e.currentTarget.value = '';
          }}
        />
        <Button type="button" onClick={() => input.current?.click()} disabled={uploading}>
          {texts['chooseFile']}
        </Button>
        {uploading && (
          <>
            <Muted role="status">{texts['uploading']}</Muted>
            <Bar max={1} value={progress} aria-label={texts['uploading']} />
          </>
        )}
        {problem && <Problem role="alert">{problem}</Problem>}
      </Zone>
      <Actions>
        <Button type="button" tone="secondary" onClick={() => ref.current?.close()} disabled={uploading}>
          {closeLabel}
        </Button>
      </Actions>
    </Dialog>
  );
}
