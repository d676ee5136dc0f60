import type { FolderSetupPayload } from '../../../engine/shared/staff.ts';
import { styled } from '../../styles/stitches.ts';
import { Bar, Button } from '../ui.tsx';
import { useFolderSetup, type FolderChecklist } from '../useFolderSetup.ts';

const Toolbar = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3', margin: '$5 0' });
const Path = styled('code', { fontSize: '0.95rem', wordBreak: 'break-word' });
const List = styled('ol', { listStyle: 'none', padding: 0, margin: '$5 0 $7', display: 'grid', gap: '$2' });
const Row = styled('li', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $3',
  borderRadius: '$sm',
  backgroundColor: '$surface',
  variants: { done: { true: { backgroundColor: '$brandSoft' } } },
});
// The manifest's steps carry their own numbers ('Step 1: ...').
const Steps = styled('ol', { listStyle: 'none', padding: 0, maxWidth: '75ch', li: { marginBottom: '$3' } });
const Done = styled('span', { fontWeight: 700, color: '$brand' });
const Spacer = styled('span', { flex: 1 });

/** A folder of the checklist: its path, Copy, and Mark Done (or done). */
function FolderRow({
  folder,
  setup,
}: {
  readonly folder: FolderSetupPayload['folders'][number];
  readonly setup: FolderChecklist;
}) {
  const { t } = setup;
  const isDone = setup.done.has(folder.path);
  return (
    <Row done={isDone} data-path={folder.path} css={{ marginLeft: `${folder.depth * 16}px` }}>
      <Path>{folder.path}</Path>
      <Spacer />
      <Button type="button" variant="outline" onClick={() => void setup.copy(folder.path)}>
        {t('copy')}
      </Button>
      {isDone ? (
        <Done>{t('done')}</Done>
      ) : (
        <Button type="button" onClick={() => void setup.mark(folder.path)}>
          {t('markDone')}
        </Button>
      )}
    </Row>
  );
}

/**
 * Folder setup: open the storage folder, scan what exists, create what is missing, and the checklist
 * of every folder the manifest uses (copy the path, mark it done), with the progress and the steps.
 */
export default function FolderSetup({ payload }: { readonly payload: FolderSetupPayload }) {
  const { folders, root, instructions } = payload;
  const setup = useFolderSetup(payload);
  const { t, busy, count, total } = setup;
  return (
    <>
      <h1>{payload.heading}</h1>
      <Toolbar>
        {root.kind === 'drive' ? (
          <Button as="a" href={root.url} target="_blank" rel="noopener noreferrer">
            {t('openRoot')}
          </Button>
        ) : (
          <>
            <Button type="button" onClick={() => void setup.copy(root.path)}>
              {t('openRoot')}
            </Button>
            <Path data-testid="local-root">{t('localRoot', { path: root.path })}</Path>
          </>
        )}
        <Button type="button" variant="outline" onClick={() => void setup.scan()} disabled={busy !== null}>
          {busy === 'scan' ? t('scanning') : t('scan')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => void setup.createMissing()}
          disabled={busy !== null || count === total}
        >
          {t('createMissing')}
        </Button>
      </Toolbar>
      <p role="status">{t('progress', { done: count, total })}</p>
      <Bar css={{ marginBottom: '$6' }} max={total} value={count} aria-label={t('progress', { done: count, total })} />
      {instructions && (
        <section aria-label={instructions.heading}>
          <h2>{instructions.heading}</h2>
          <Steps>
            {instructions.items.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </Steps>
        </section>
      )}
      <List>
        {folders.map((f) => (
          <FolderRow key={f.path} folder={f} setup={setup} />
        ))}
      </List>
    </>
  );
}
