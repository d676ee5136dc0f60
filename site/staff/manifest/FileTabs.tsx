import { useRef, useState, type KeyboardEvent } from 'react';
import type { ManifestFile } from '../../../engine/shared/manifest.ts';
import { styled } from '../../styles/stitches.ts';
import { Button } from '../ui.tsx';
import { AddFileForm } from './AddFileForm.tsx';
import type { Translate } from './texts.ts';

const Bar = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '$2', marginBottom: '$2' });
const List = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$1' });
const Tab = styled('button', {
  padding: '$2 $3',
  border: '1px solid $border',
  borderBottomWidth: '3px',
  borderRadius: '$sm $sm 0 0',
  backgroundColor: '$surface',
  color: '$text',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.9rem',
  cursor: 'pointer',
  '&[aria-selected="true"]': { backgroundColor: '#fff', borderBottomColor: '$brand', fontWeight: 700 },
});

export const tabId = (name: string): string => `manifest-tab-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
export const PANEL_ID = 'manifest-file-panel';

const Count = styled('span', {
  marginLeft: '$2',
  padding: '0 $2',
  borderRadius: '$pill',
  backgroundColor: '$danger',
  color: '#fff',
  fontSize: '0.8rem',
  fontFamily: '$body',
});

/**
 * One tab per file (arrow keys move between them; a dot marks an edited file, a red count its
 * problems), and 'Add a file'.
 */
export function FileTabs(props: {
  readonly files: readonly ManifestFile[];
  readonly active: string;
  readonly edited: ReadonlySet<string>;
  /** The checker's problems per file name. */
  readonly problems: ReadonlyMap<string, number>;
  readonly t: Translate;
  readonly onSelect: (name: string) => void;
  readonly onAdd: (name: string) => void;
}) {
  const { files, active, edited, t, onSelect } = props;
  const [adding, setAdding] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const move = (e: KeyboardEvent, i: number): void => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = files[(i + step + files.length) % files.length];
    if (!next) return;
    onSelect(next.name);
    list.current?.querySelector<HTMLElement>(`#${tabId(next.name)}`)?.focus();
  };
  return (
    <Bar>
      <List role="tablist" aria-label={t('filesLabel')} ref={list}>
        {files.map((f, i) => (
          <Tab
            key={f.name}
            id={tabId(f.name)}
            type="button"
            role="tab"
            aria-selected={f.name === active}
            aria-controls={PANEL_ID}
            tabIndex={f.name === active ? 0 : -1}
            onClick={() => onSelect(f.name)}
            onKeyDown={(e: KeyboardEvent) => move(e, i)}
          >
            {f.name}
            {edited.has(f.name) ? ' •' : ''}
            {props.problems.has(f.name) && (
              <Count title={t('problemsHeading', { n: props.problems.get(f.name) ?? 0 })}>
                {props.problems.get(f.name)}
              </Count>
            )}
          </Tab>
        ))}
      </List>
      {adding ? (
        <AddFileForm
          files={files}
          t={t}
          onAdd={(name) => (setAdding(false), props.onAdd(name))}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          {t('addFile')}
        </Button>
      )}
    </Bar>
  );
}
