import { useState, type FormEvent } from 'react';
import type { ManifestFile } from '../../../engine/shared/manifest.ts';
import { styled } from '../../styles/stitches.ts';
import { Button } from '../ui.tsx';
import { isNewFileName } from './draft.ts';
import type { Translate } from './texts.ts';

const Form = styled('form', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'end',
  gap: '$2',
  '& > div': { display: 'grid', gap: '$1' },
  label: { fontWeight: 600, fontSize: '0.9rem' },
  input: { padding: '$2', border: '1px solid $border', borderRadius: '$sm', font: 'inherit' },
  small: { fontWeight: 400, color: '$muted' },
});
const Wrong = styled('p', { flexBasis: '100%', margin: 0, color: '$danger', fontSize: '0.9rem' });

/** The name of a new `*.yaml` file: checked in the browser (a YAML name no file has) before it is added. */
export function AddFileForm(props: {
  readonly files: readonly ManifestFile[];
  readonly t: Translate;
  readonly onAdd: (name: string) => void;
  readonly onCancel: () => void;
}) {
  const { files, t } = props;
  const [name, setName] = useState('');
  const [bad, setBad] = useState(false);
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    const trimmed = name.trim();
    if (isNewFileName(trimmed, files)) props.onAdd(trimmed);
    else setBad(true);
  };
  return (
    <Form onSubmit={submit} noValidate>
      <div>
        <label htmlFor="new-file-name">{t('newFileLabel')}</label>
        <small id="new-file-hint">{t('newFileHint')}</small>
        <input
          id="new-file-name"
          autoFocus
          value={name}
          onChange={(e) => (setName(e.target.value), setBad(false))}
          aria-describedby="new-file-hint"
          aria-invalid={bad}
          onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}
        />
      </div>
      <Button type="submit">{t('createFile')}</Button>
      <Button type="button" variant="outline" onClick={props.onCancel}>
        {t('cancel')}
      </Button>
      {bad && <Wrong role="alert">{t('badFileName')}</Wrong>}
    </Form>
  );
}
