import type { ManifestFile } from '../../../engine/shared/manifest.ts';
import { styled } from '../../styles/stitches.ts';
import { Muted } from '../ui.tsx';
import { diffFiles } from './diff.ts';
import type { Translate } from './texts.ts';

const File = styled('figure', {
  margin: '$2 0 $4',
  figcaption: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', fontWeight: 700, marginBottom: '$1' },
});
const Pre = styled('pre', {
  margin: 0,
  padding: '$2 0',
  maxHeight: '24rem',
  overflow: 'auto',
  border: '1px solid $border',
  borderRadius: '$sm',
  fontSize: '0.85rem',
  lineHeight: 1.45,
  backgroundColor: '#fff',
  span: { display: 'block', padding: '0 $3', whiteSpace: 'pre' },
  '[data-kind="+"]': { backgroundColor: '#e6f4ea' },
  '[data-kind="-"]': { backgroundColor: '#fbe9e9' },
  '[data-kind="@"]': { color: '$muted', backgroundColor: '$surface' },
});

const SIGN = { '+': '+ ', '-': '- ', ' ': '  ', '@': '' } as const;

/** Per file, what changed from `before` to `after` (added lines green and marked +, removed red and -). */
export function DiffView(props: {
  readonly before: readonly ManifestFile[];
  readonly after: readonly ManifestFile[];
  readonly t: Translate;
}) {
  const diffs = diffFiles(props.before, props.after);
  if (diffs.length === 0) return <Muted>{props.t('noDifference')}</Muted>;
  return (
    <div data-testid="manifest-diff">
      {diffs.map((d) => (
        <File key={d.name}>
          <figcaption>{d.name}</figcaption>
          <Pre tabIndex={0} aria-label={d.name}>
            {d.lines.map((l, i) => (
              <span key={i} data-kind={l.kind}>
                {SIGN[l.kind]}
                {l.text}
              </span>
            ))}
          </Pre>
        </File>
      ))}
    </div>
  );
}
