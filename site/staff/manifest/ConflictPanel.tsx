import { styled } from '../../styles/stitches.ts';
import { Button, Notice } from '../ui.tsx';
import { DiffView } from './DiffView.tsx';
import type { Conflict } from './usePublish.ts';
import type { Translate } from './texts.ts';

const Panel = styled('section', {
  margin: '$4 0',
  padding: '$4',
  border: '2px solid $accent',
  borderRadius: '$md',
  backgroundColor: '$accentSoft',
  h2: { marginTop: 0 },
  h3: { fontSize: '1rem' },
});
const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', margin: '$3 0' });

/**
 * Another publish came after the version the draft started from: what changed live since then, and
 * the draft against the live version. Staff take the live files into the editor and make their
 * change again; their earlier draft stays shown here until they close the panel.
 */
export function ConflictPanel(props: {
  readonly conflict: Conflict;
  readonly t: Translate;
  readonly onTakeLive: () => void;
  readonly onClose: () => void;
}) {
  const { conflict, t } = props;
  return (
    <Panel aria-labelledby="manifest-conflict" data-testid="manifest-conflict">
      <h2 id="manifest-conflict" tabIndex={-1}>
        {t('conflictHeading')}
      </h2>
      <p>{t('conflictBody', { n: conflict.live.number })}</p>
      <Actions>
        {conflict.taken ? (
          <Notice role="status">{t('takenLive')}</Notice>
        ) : (
          <Button type="button" onClick={props.onTakeLive}>
            {t('takeLive')}
          </Button>
        )}
        <Button type="button" variant="outline" onClick={props.onClose}>
          {t('close')}
        </Button>
      </Actions>
      <h3>{t('liveChanges', { n: conflict.base.number })}</h3>
      <DiffView before={conflict.base.files} after={conflict.live.files} t={t} />
      <h3>{t('draftChanges')}</h3>
      <DiffView before={conflict.live.files} after={conflict.draft} t={t} />
    </Panel>
  );
}
