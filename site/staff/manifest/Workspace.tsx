import type { LiveManifest } from '../../../engine/shared/manifest.ts';
import type { Texts } from '../../../engine/texts.ts';
import { styled } from '../../styles/stitches.ts';
import { Button, Muted, Notice } from '../ui.tsx';
import { CheckPanel } from './CheckPanel.tsx';
import CodeEditor from './CodeEditor.tsx';
import GuidedAdditions from './GuidedAdditions.tsx';
import { ConflictPanel } from './ConflictPanel.tsx';
import { FileTabs, PANEL_ID, tabId } from './FileTabs.tsx';
import { HistoryPanel } from './HistoryPanel.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { PublishForm } from './PublishForm.tsx';
import type { Translate } from './texts.ts';
import { useWorkspace } from './useWorkspace.ts';

const Columns = styled('div', {
  display: 'grid',
  gap: '$5',
  '@md': { gridTemplateColumns: 'minmax(0, 1fr) minmax(18rem, 24rem)' },
  alignItems: 'start',
});
/** The side column's sections (guided additions, problems, changes) read as parts of one panel. */
const Aside = styled('aside', {
  h2: { fontSize: '1.1rem', margin: '$4 0 $2' },
  '& > section:first-child h2': { marginTop: 0 },
});
const Restored = styled(Notice, { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3' });

/**
 * The draft's files in the editor beside the checker's word and Publish; the history below. With
 * CodeMirror, the yaml document API and the diffs, a chunk of its own that only this page loads.
 */
export function Workspace(props: { readonly live: LiveManifest; readonly texts: Texts; readonly t: Translate }) {
  const { live, t } = props;
  const w = useWorkspace(live, t);
  const { draft, publish } = w;
  if (!draft) return <Muted>{t('loading')}</Muted>;
  const file = draft.files.find((f) => f.name === draft.active);
  return (
    <>
      {draft.restored && (
        <Restored as="div" role="status">
          <span>{t('draftRestored', { n: draft.base })}</span>
          <Button type="button" variant="outline" onClick={w.discard}>
            {t('discardDraft')}
          </Button>
        </Restored>
      )}
      {publish.conflict && (
        <ConflictPanel conflict={publish.conflict} t={t} onTakeLive={w.takeLive} onClose={w.closeConflict} />
      )}
      <Columns>
        <div>
          <FileTabs
            files={draft.files}
            active={draft.active}
            edited={w.edited}
            problems={w.perFile}
            t={t}
            onSelect={w.select}
            onAdd={(name) => w.addFile(name, '')}
          />
          <div id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(draft.active)}>
            {file && (
              <CodeEditor
                name={file.name}
                text={file.text}
                label={t('editorLabel', { name: file.name })}
                problems={w.fileProblems}
                jumpTo={w.jumpTo}
                onChange={(text) => w.edit(file.name, text)}
              />
            )}
          </div>
        </div>
        <Aside>
          <GuidedAdditions files={draft.files} texts={props.texts} t={t} onAdded={w.inserted} />
          <CheckPanel check={w.check} current={w.current} t={t} onJump={w.jump} />
          <PreviewPanel
            files={draft.files}
            ready={w.current && w.check.result?.ok === true}
            changes={(w.current && w.check.result?.changes) || []}
            t={t}
          />
          <PublishForm publish={publish} t={t} />
        </Aside>
      </Columns>
      <HistoryPanel t={t} live={{ number: live.version, files: live.files }} onPublished={w.published} />
    </>
  );
}
