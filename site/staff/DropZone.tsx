import type { Texts } from '../../engine/texts.ts';
import { useRef, useState, type DragEvent } from 'react';
import { styled } from '../styles/stitches.ts';
import { ACCEPT_IMAGES, firstFile } from './checks.ts';
import { Bar, Button, Muted } from './ui.tsx';

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

interface Props {
  readonly texts: Texts;
  /** Called with the file dropped or chosen (the first one), or null when there was none. */
  readonly onFile: (file: File | null) => void;
  /** The upload's progress (0 to 1), null when none is under way. */
  readonly progress: number | null;
  /** Why the last file was refused or its upload failed. */
  readonly problem: string | null;
}

/**
 * Where an image is dropped (highlighted while dragging; only the first file counts) or chosen
 * (image/* only), with the upload's progress and its problem.
 */
export function DropZone({ texts, onFile, progress, problem }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const uploading = progress !== null;
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
    onFile(firstFile(e.dataTransfer.files));
  };

  return (
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
          onFile(firstFile(e.currentTarget.files));
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
  );
}
