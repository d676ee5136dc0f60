import { useDeferredValue, useMemo, useState } from 'react';
import type { ManifestFile } from '../../../engine/shared/manifest.ts';
import type { Texts } from '../../../engine/texts.ts';
import { styled } from '../../styles/stitches.ts';
import { Button, Muted } from '../ui.tsx';
import { GuidedForm } from './GuidedForm.tsx';
import { addMember, guidedFamilies, type GuidedFamily } from './guided.ts';
import type { Translate } from './texts.ts';

const Buttons = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2' });
const Made = styled('pre', {
  margin: '$2 0 0',
  padding: '$3',
  overflow: 'auto',
  border: '1px solid $border',
  borderRadius: '$sm',
  backgroundColor: '$surface',
  fontSize: '0.85rem',
});

/** The label of a family's guided addition: the page's text `add-<family id>`, if it has one. */
const labelOf = (texts: Texts, id: string): string | undefined => texts[`add-${id}`];

/**
 * Guided additions: for each family the page has an `add-<family id>` text for, a form made from
 * the family's member fields that writes the member into the draft at the end of its list. Staff
 * see the text it made, and it is selected in the editor.
 */
export default function GuidedAdditions(props: {
  readonly files: readonly ManifestFile[];
  readonly texts: Texts;
  readonly t: Translate;
  readonly onAdded: (file: string, text: string, line: number) => void;
}) {
  const { files, texts, t } = props;
  // The families as the draft has them, read again after typing (deferred: typing stays quick).
  const deferred = useDeferredValue(files);
  const families = useMemo(() => guidedFamilies(deferred).filter((f) => labelOf(texts, f.id)), [deferred, texts]);
  const [open, setOpen] = useState<GuidedFamily | null>(null);
  const [made, setMade] = useState<{ label: string; text: string } | null>(null);
  const [noPlace, setNoPlace] = useState(false);
  if (families.length === 0) return null;

  const add = (family: GuidedFamily, member: Record<string, string | readonly string[]>): void => {
    const file = files.find((f) => f.name === family.file);
    const result = file && addMember(file.text, family.id, member);
    setNoPlace(!result);
    if (!result) return;
    props.onAdded(family.file, result.text, result.line);
    setMade({ label: labelOf(texts, family.id) ?? family.id, text: result.added });
    setOpen(null);
  };

  return (
    <section aria-labelledby="manifest-guided">
      <h2 id="manifest-guided">{t('guidedHeading')}</h2>
      <Buttons>
        {families.map((f) => (
          <Button
            key={f.id}
            type="button"
            variant="outline"
            aria-expanded={open?.id === f.id}
            onClick={() => setOpen(f)}
          >
            {labelOf(texts, f.id)}
          </Button>
        ))}
      </Buttons>
      {open && (
        <GuidedForm
          key={open.id}
          family={open}
          title={labelOf(texts, open.id) ?? ''}
          t={t}
          onAdd={(m) => add(open, m)}
          onCancel={() => setOpen(null)}
        />
      )}
      {noPlace && <Muted role="alert">{t('guidedNoPlace')}</Muted>}
      {made && (
        <div role="status">
          <Muted>{t('guidedMade', { name: made.label })}</Muted>
          <Made data-testid="manifest-guided-text">{made.text}</Made>
        </div>
      )}
    </section>
  );
}
