import type { FormEvent } from 'react';
import { styled } from '../../styles/stitches.ts';
import { Button, Notice } from '../ui.tsx';
import type { PublishApi } from './usePublish.ts';
import type { Translate } from './texts.ts';

const Form = styled('form', {
  display: 'grid',
  gap: '$3',
  marginTop: '$4',
  padding: '$4',
  border: '1px solid $border',
  borderRadius: '$md',
  'label, & > div': { display: 'grid', gap: '$1', fontWeight: 600 },
  'input, textarea': { padding: '$2', border: '1px solid $border', borderRadius: '$sm', font: 'inherit' },
  small: { fontWeight: 400, color: '$muted' },
});

/** The note for the history, and Publish (the version is signed by the signed-in person's account). */
export function PublishForm({ publish, t }: { readonly publish: PublishApi; readonly t: Translate }) {
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    void publish.publish();
  };
  return (
    <Form onSubmit={submit} aria-label={t('publish')}>
      <label>
        {t('noteLabel')}
        <textarea value={publish.note} onChange={(e) => publish.setNote(e.target.value)} rows={2} />
      </label>
      {publish.refused && <Notice role="alert">{t('publishRefused')}</Notice>}
      <Button type="submit" disabled={publish.busy}>
        {publish.busy ? t('publishing') : t('publish')}
      </Button>
    </Form>
  );
}
