import { useState } from 'react';
import type { DraftPreview, ManifestFile } from '../../../engine/shared/manifest.ts';
import { styled } from '../../styles/stitches.ts';
import { Button, Muted } from '../ui.tsx';
import { previewDraft } from './api.ts';
import type { Translate } from './texts.ts';

const Heading = styled('h2', { fontSize: '1.1rem', margin: '$4 0 $2' });
const Pick = styled('div', {
  display: 'grid',
  gap: '$2',
  marginTop: '$3',
  label: { display: 'grid', gap: '$1', fontWeight: 600 },
  select: { padding: '$2', border: '1px solid $border', borderRadius: '$sm', font: 'inherit' },
  a: { fontWeight: 600 },
});

/** The draft's pages the change list names first (new pages), then the home page, then every other one. */
function ordered(pages: readonly string[], changes: readonly string[]): string[] {
  const named = pages.filter((p) => changes.some((c) => c.includes(p)));
  const rest = pages.filter((p) => !named.includes(p));
  return [...named, ...rest.filter((p) => p === '/'), ...rest.filter((p) => p !== '/')];
}

/**
 * Preview: the server keeps the draft and renders any of its pages with the real renderer and the
 * draft's own data (staff only, never indexed); staff pick a page and open it in a new tab.
 */
export function PreviewPanel(props: {
  readonly files: readonly ManifestFile[];
  /** The draft can be previewed: the checker found no problem in it. */
  readonly ready: boolean;
  readonly changes: readonly string[];
  readonly t: Translate;
}) {
  const { t } = props;
  const [preview, setPreview] = useState<DraftPreview & { readonly of: readonly ManifestFile[] }>();
  const [page, setPage] = useState('');
  const [state, setState] = useState<{ busy?: boolean; failed?: string }>({});
  const current = preview?.of === props.files;
  const make = async (): Promise<void> => {
    setState({ busy: true });
    try {
      const made = await previewDraft(props.files);
      const pages = ordered(made.pages, props.changes);
      setPreview({ ...made, pages, of: props.files });
      setPage(pages[0] ?? '/');
      setState({});
    } catch (error) {
      setState({ failed: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section aria-labelledby="manifest-preview">
      <Heading id="manifest-preview">{t('previewHeading')}</Heading>
      <Button type="button" variant="outline" disabled={!props.ready || state.busy} onClick={() => void make()}>
        {state.busy ? t('previewing') : t('previewButton')}
      </Button>
      {state.failed && <Muted role="alert">{t('previewFailed', { error: state.failed })}</Muted>}
      {preview?.notice && current && <Muted role="status">{preview.notice}</Muted>}
      {preview && current && (
        <Pick>
          <label>
            {t('previewPage')}
            <select value={page} onChange={(e) => setPage(e.target.value)}>
              {preview.pages.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </label>
          <a href={`${preview.url}${page.replace(/^\//, '')}`} target="_blank" rel="noopener">
            {t('previewOpen')}
          </a>
        </Pick>
      )}
    </section>
  );
}
