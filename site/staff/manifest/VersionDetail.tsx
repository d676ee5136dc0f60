import { useEffect, useRef } from 'react';
import { styled } from '../../styles/stitches.ts';
import { Button } from '../ui.tsx';
import { DiffView } from './DiffView.tsx';
import type { LiveFiles, Opened } from './history.ts';
import type { Translate } from './texts.ts';

const Box = styled('section', {
  margin: '$3 0',
  padding: '$4',
  border: '1px solid $border',
  borderRadius: '$md',
  boxShadow: '$card',
  h3: { marginTop: 0 },
  pre: {
    maxHeight: '24rem',
    overflow: 'auto',
    padding: '$3',
    border: '1px solid $border',
    borderRadius: '$sm',
    backgroundColor: '$surface',
    fontSize: '0.85rem',
  },
});

/** A version opened from the history: its files as text (View), or the live version against it (Diff). */
export function VersionDetail(props: {
  readonly opened: Opened;
  readonly live: LiveFiles | undefined;
  readonly t: Translate;
  readonly onClose: () => void;
}) {
  const { opened, live, t } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [opened]);
  const title = opened.mode === 'view' ? t('versionLine', { n: opened.version.number }) : t('diffLive');
  return (
    <Box aria-labelledby="manifest-version-detail" data-testid="manifest-version-detail">
      <h3 id="manifest-version-detail" ref={heading} tabIndex={-1}>
        {opened.mode === 'diff' ? `${t('versionLine', { n: opened.version.number })}: ${title}` : title}
      </h3>
      {opened.mode === 'view'
        ? opened.version.files.map((f) => (
            <details key={f.name}>
              <summary>{f.name}</summary>
              <pre tabIndex={0}>{f.text}</pre>
            </details>
          ))
        : live && <DiffView before={opened.version.files} after={live.files} t={t} />}
      <Button type="button" variant="outline" onClick={props.onClose}>
        {t('close')}
      </Button>
    </Box>
  );
}
