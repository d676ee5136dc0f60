import { useState, type FormEvent } from 'react';
import { styled } from '../../styles/stitches.ts';
import { Button } from '../ui.tsx';
import { slugOf, type GuidedFamily, type MemberField } from './guided.ts';
import type { Translate } from './texts.ts';

const Form = styled('form', {
  display: 'grid',
  gap: '$3',
  margin: '$3 0',
  padding: '$4',
  border: '1px solid $border',
  borderRadius: '$md',
  h3: { margin: 0, fontSize: '1rem' },
  '& > div': { display: 'grid', gap: '$1' },
  label: { fontWeight: 600, fontFamily: 'ui-monospace, Menlo, Consolas, monospace' },
  small: { fontWeight: 400, color: '$muted', fontFamily: '$body' },
  '::placeholder': { color: '#8a96a3' },
  'input, textarea': { padding: '$2', border: '1px solid $border', borderRadius: '$sm', font: 'inherit' },
});

const Actions = styled('p', { display: 'flex', flexWrap: 'wrap', gap: '$2', margin: 0 });

/** The member the form's values make: empty fields left out, lists one item per line, the slug from the name if left empty. */
function memberOf(fields: readonly MemberField[], values: Readonly<Record<string, string>>) {
  const member: Record<string, string | readonly string[]> = {};
  for (const f of fields) {
    const raw = (values[f.key] ?? '').trim() || (f.key === 'slug' ? slugOf(values['name'] ?? '') : '');
    if (!raw) continue;
    member[f.key] = f.list
      ? raw
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean)
      : raw;
  }
  return member;
}

/** One family's guided form: a field per member key, named as in the YAML, its last member's value as the placeholder. */
export function GuidedForm(props: {
  readonly family: GuidedFamily;
  readonly title: string;
  readonly t: Translate;
  readonly onAdd: (member: Record<string, string | readonly string[]>) => void;
  readonly onCancel: () => void;
}) {
  const { family, t } = props;
  const [values, setValues] = useState<Record<string, string>>({});
  const submit = (e: FormEvent): void => {
    e.preventDefault();
    props.onAdd(memberOf(family.fields, values));
  };
  const id = (key: string): string => `guided-${family.id}-${key}`;
  return (
    <Form onSubmit={submit} aria-label={props.title}>
      <h3>{props.title}</h3>
      {family.fields.map((f) => {
        const common = {
          id: id(f.key),
          value: values[f.key] ?? '',
          required: f.required && f.key !== 'slug',
          placeholder: f.example,
          ...(f.list ? { 'aria-describedby': `${id(f.key)}-hint` } : {}),
        };
        const set = (value: string) => setValues((v) => ({ ...v, [f.key]: value }));
        return (
          <div key={f.key}>
            <label htmlFor={id(f.key)}>{f.key}</label>
            {f.list && <small id={`${id(f.key)}-hint`}>{t('listHint')}</small>}
            {f.list ? (
              <textarea {...common} rows={3} onChange={(e) => set(e.target.value)} />
            ) : (
              <input {...common} onChange={(e) => set(e.target.value)} />
            )}
          </div>
        );
      })}
      <Actions>
        <Button type="submit">{t('guidedAdd')}</Button>
        <Button type="button" variant="outline" onClick={props.onCancel}>
          {t('cancel')}
        </Button>
      </Actions>
    </Form>
  );
}
