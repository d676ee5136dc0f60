import { useState } from 'react';
import useSWR from 'swr';
import type { TranslationsPayload } from '../../../engine/shared/staff.ts';
import {
  TRANSLATIONS_API,
  type LanguageStatus,
  type MarkAnswer,
  type MarkRequest,
  type TextGroup,
  type TextRow,
  type TextState,
  type TranslationsStatus,
} from '../../../engine/shared/translations.ts';
import { fetchJson, HttpError } from '../../data/fetcher.ts';
import { styled } from '../../styles/stitches.ts';
import { errorText } from '../errors.ts';
import { translator, type Translate } from '../manifest/texts.ts';
import { Button, Muted, Notice } from '../ui.tsx';

const Group = styled('details', {
  margin: '$3 0',
  padding: '$2 $3',
  borderRadius: '$sm',
  backgroundColor: '$surface',
  summary: { cursor: 'pointer', fontWeight: 700 },
});
const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  margin: '$2 0 $3',
  fontSize: '0.9rem',
  'th, td': { textAlign: 'left', verticalAlign: 'top', padding: '$1 $2', borderBottom: '1px solid #ddd' },
  td: { overflowWrap: 'anywhere' },
});
const Place = styled('span', { display: 'block', color: '$muted', fontSize: '0.8rem' });
const Toolbar = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3', margin: '$3 0' });

const HEADINGS = { missing: 'missingHeading', stale: 'staleHeading', unreviewed: 'unreviewedHeading' } as const;
const STATES: readonly TextState[] = ['missing', 'stale', 'unreviewed'];

/** The status of the live version, never a cached copy. */
const fetchStatus = (url: string): Promise<TranslationsStatus> =>
  fetchJson<TranslationsStatus>(url, { cache: 'no-store' });

const postMark = (target: string, baseVersion: number): Promise<MarkAnswer> =>
  fetchJson<MarkAnswer>(TRANSLATIONS_API.mark, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ target, baseVersion } satisfies MarkRequest),
  });

interface RowsProps {
  readonly rows: readonly TextRow[];
  readonly state: TextState;
  readonly language: string;
  readonly t: Translate;
}

function Rows({ rows, state, language, t }: RowsProps) {
  const mine = rows.filter((r) => r.state === state);
  if (mine.length === 0) return null;
  return (
    <>
      <h4>{t(HEADINGS[state], { n: mine.length })}</h4>
      <Table data-state={state}>
        <thead>
          <tr>
            <th>{t('keyColumn')}</th>
            <th>{t('sourceColumn')}</th>
            <th>{t('translationColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {mine.map((r) => (
            <tr key={r.key}>
              <td>
                <code>{r.key}</code>
                <Place>{r.place}</Place>
              </td>
              <td>{r.source}</td>
              <td lang={language}>{r.translation ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

interface Marking {
  readonly busy: string | undefined;
  readonly mark: (target: string) => void;
}

interface GroupProps {
  readonly group: TextGroup;
  readonly language: string;
  readonly t: Translate;
  readonly marking: Marking;
}

function GroupView({ group, language, t, marking }: GroupProps) {
  const reviewable = group.rows.some((r) => r.state !== 'missing');
  const urgent = group.rows.some((r) => r.state !== 'unreviewed');
  const title = group.target === 'shared' ? t('sharedTexts') : `${group.heading} (${group.target})`;
  return (
    <Group open={urgent} data-target={group.target}>
      <summary>{title}</summary>
      {STATES.map((state) => (
        <Rows key={state} rows={group.rows} state={state} language={language} t={t} />
      ))}
      {reviewable && (
        <Button type="button" disabled={marking.busy !== undefined} onClick={() => marking.mark(group.target)}>
          {marking.busy === group.target ? t('marking') : t('markPage')}
        </Button>
      )}
    </Group>
  );
}

function LanguageView(props: { readonly status: LanguageStatus; readonly t: Translate; readonly marking: Marking }) {
  const { status, t, marking } = props;
  const counts = { done: status.complete, total: status.total };
  return (
    <section data-language={status.language}>
      <h2>
        {status.name} ({status.language})
      </h2>
      <p>{t(status.published ? 'languagePublished' : 'languageNotPublished', counts)}</p>
      {status.groups.length === 0 && <Muted>{t('allCurrent')}</Muted>}
      {status.groups.map((g) => (
        <GroupView key={g.target} group={g} language={status.language} t={t} marking={marking} />
      ))}
    </section>
  );
}

/**
 * Translations: per further language whether it is published and how many pages are, then the
 * shared texts and each page with their missing, stale and unreviewed texts; marking a page's (or
 * every) reviewed translations as current publishes a new version of the manifest.
 */
export default function Translations({ payload }: { readonly payload: TranslationsPayload }) {
  const t = translator(payload.texts);
  const status = useSWR<TranslationsStatus>(TRANSLATIONS_API.status, fetchStatus, { revalidateOnFocus: false });
  const [busy, setBusy] = useState<string | undefined>();
  const [notice, setNotice] = useState<{ readonly ok: boolean; readonly text: string } | undefined>();
  const mark = (target: string): void => {
    const base = status.data?.version;
    if (base === undefined) return;
    setBusy(target);
    setNotice(undefined);
    postMark(target, base)
      .then((answer) =>
        setNotice({ ok: true, text: answer.marked ? t('reviewedBody', { n: answer.marked }) : t('allCurrent') }),
      )
      .catch((error: unknown) => {
        // A conflict: another version went live since the table was read; it shows that one now.
        const conflict = error instanceof HttpError && error.status === 409;
        const said = errorText(error);
        setNotice({ ok: false, text: conflict ? `${said} ${t('reviewConflict')}` : said || t('reviewFailed') });
      })
      .finally(() => {
        setBusy(undefined);
        void status.mutate();
      });
  };
  const languages = status.data?.languages ?? [];
  const reviewable = languages.some((l) => l.groups.some((g) => g.rows.some((r) => r.state !== 'missing')));
  return (
    <>
      <h1>{payload.heading}</h1>
      {status.error && <Notice role="alert">{t('loadFailed')}</Notice>}
      {!status.data && !status.error && <Muted>{t('loading')}</Muted>}
      {notice && (
        <Notice role={notice.ok ? 'status' : 'alert'} data-outcome={notice.ok ? 'marked' : 'refused'}>
          {notice.text}
        </Notice>
      )}
      {reviewable && (
        <Toolbar>
          <Button type="button" disabled={busy !== undefined} onClick={() => mark('all')}>
            {busy === 'all' ? t('marking') : t('markAll')}
          </Button>
        </Toolbar>
      )}
      {languages.map((l) => (
        <LanguageView key={l.language} status={l} t={t} marking={{ busy, mark }} />
      ))}
    </>
  );
}
