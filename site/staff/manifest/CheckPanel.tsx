import type { DraftProblem } from '../../../engine/shared/manifest.ts';
import { styled } from '../../styles/stitches.ts';
import { Muted } from '../ui.tsx';
import type { CheckState } from './useCheck.ts';
import type { Translate } from './texts.ts';

const List = styled('ol', { listStyle: 'none', padding: 0, margin: '$2 0 0', display: 'grid', gap: '$2' });
const Item = styled('button', {
  display: 'grid',
  gap: '$1',
  width: '100%',
  textAlign: 'left',
  padding: '$2 $3',
  border: '1px solid $border',
  borderLeft: '4px solid $danger',
  borderRadius: '$sm',
  backgroundColor: '#fff',
  font: 'inherit',
  cursor: 'pointer',
  code: { fontSize: '0.85rem', color: '$muted' },
  small: { color: '$muted' },
});
const Changes = styled('ul', { margin: '$2 0 0', paddingLeft: '$5', li: { overflowWrap: 'anywhere' } });
const Heading = styled('h2', { fontSize: '1.1rem', margin: '$4 0 0' });

/**
 * What the checker says of the draft: checking, no problems, or every problem with its place (a
 * button that puts the cursor there); then what publishing would change, as `npm run check` says it.
 */
export function CheckPanel(props: {
  readonly check: CheckState;
  readonly current: boolean;
  readonly t: Translate;
  readonly onJump: (p: DraftProblem) => void;
}) {
  const { check, current, t } = props;
  const problems = current ? (check.result?.problems ?? []) : [];
  const changes = current ? (check.result?.changes ?? []) : [];
  return (
    <section aria-labelledby="manifest-check" aria-busy={check.checking}>
      <Heading id="manifest-check">{t('problemsHeading', { n: problems.length })}</Heading>
      <div aria-live="polite">
        {check.failed ? (
          <Muted role="alert">{t('checkFailed', { error: check.failed })}</Muted>
        ) : check.checking || !current ? (
          <Muted>{t('checking')}</Muted>
        ) : problems.length === 0 ? (
          <Muted>{t('checkOk')}</Muted>
        ) : null}
      </div>
      <List data-testid="manifest-problems">
        {problems.map((p, i) => (
          <li key={`${p.file}:${p.line}:${p.col}:${i}`}>
            <Item type="button" onClick={() => props.onJump(p)}>
              <code>{`${p.file}:${p.line}:${p.col}`}</code>
              <span>{p.message}</span>
              {p.hint && <small>{p.hint}</small>}
            </Item>
          </li>
        ))}
      </List>
      <Heading>{t('changesHeading')}</Heading>
      {!current || !check.result ? null : check.result.ok ? (
        changes.length === 0 ? (
          <Muted>{t('noChanges')}</Muted>
        ) : (
          <Changes data-testid="manifest-changes">
            {changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Changes>
        )
      ) : (
        <Muted>{t('publishRefused')}</Muted>
      )}
    </section>
  );
}
