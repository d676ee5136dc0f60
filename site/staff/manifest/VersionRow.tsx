import type { VersionInfo } from '../../../engine/shared/manifest.ts';
import { styled } from '../../styles/stitches.ts';
import { Button } from '../ui.tsx';
import { when, type Translate } from './texts.ts';
import type { Opened } from './history.ts';

const Row = styled('li', {
  display: 'grid',
  gap: '$1',
  padding: '$3',
  border: '1px solid $border',
  borderRadius: '$sm',
  h3: { margin: 0, fontSize: '1rem' },
  p: { margin: 0 },
  ul: { margin: 0, paddingLeft: '$5', fontSize: '0.9rem', color: '$muted' },
});
const Badge = styled('span', {
  marginLeft: '$2',
  padding: '0 $2',
  borderRadius: '$pill',
  backgroundColor: '$brand',
  color: '#fff',
  fontSize: '0.8rem',
});
const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', marginTop: '$1' });

/** One version of the history: number (and 'live'), who and when, the note, what it changed, its buttons. */
export function VersionRow(props: {
  readonly version: VersionInfo;
  readonly isLive: boolean;
  readonly t: Translate;
  readonly onOpen: (n: number, mode: Opened['mode']) => void;
  readonly onAgain: (v: VersionInfo) => void;
}) {
  const { version: v, isLive, t } = props;
  const title = t('versionLine', { n: v.number });
  return (
    <Row data-version={v.number} aria-label={title}>
      <h3>
        {title}
        {isLive && <Badge>{t('liveBadge')}</Badge>}
      </h3>
      <p>{t(v.authorTyped ? 'versionByTyped' : 'versionBy', { name: v.author, time: when(v.createdAt) })}</p>
      {v.note && <p>{v.note}</p>}
      {v.changes.length > 0 && (
        <ul>
          {v.changes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}
      <Actions>
        <Button type="button" variant="outline" onClick={() => props.onOpen(v.number, 'view')}>
          {t('view')}
        </Button>
        {!isLive && (
          <>
            <Button type="button" variant="outline" onClick={() => props.onOpen(v.number, 'diff')}>
              {t('diffLive')}
            </Button>
            <Button type="button" onClick={() => props.onAgain(v)}>
              {t('publishAgain')}
            </Button>
          </>
        )}
      </Actions>
    </Row>
  );
}
