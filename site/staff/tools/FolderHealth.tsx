import useSWR from 'swr';
import type { TextKey } from '../../../engine/texts.ts';
import { fetchJson } from '../../data/fetcher.ts';
import { fillText } from '../../../engine/placeholders.ts';
import { styled } from '../../styles/stitches.ts';
import { STAFF_API, type FolderHealthPayload } from '../../../engine/shared/staff.ts';
import {
  formatBytes,
  MAX_PHOTO_BYTES,
  MAX_VIDEO_BYTES,
  type FolderHealth as Health,
  type FolderHealthReport,
  type HealthProblem,
} from '../../../engine/shared/health.ts';
import { Button, Muted, Notice } from '../ui.tsx';

const Toolbar = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$3', margin: '$4 0' });
const Summary = styled('p', { fontWeight: 700, margin: 0, flex: '1 1 16rem' });
const Lines = styled('div', { display: 'grid', gap: '$1', margin: '$3 0 $5' });
const List = styled('ol', { listStyle: 'none', padding: 0, margin: '$4 0 $7', display: 'grid', gap: '$2' });
const Row = styled('li', {
  padding: '$2 $3',
  borderRadius: '$sm',
  backgroundColor: '$surface',
  borderLeft: '4px solid transparent',
  '@sm': { marginLeft: 'calc(var(--depth) * 16px)' },
  variants: { attention: { true: { borderLeftColor: '$accent', backgroundColor: '#fff', boxShadow: '$card' } } },
});
const Head = styled('div', { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '$1 $3' });
const Path = styled('code', { fontSize: '0.95rem', wordBreak: 'break-word', fontWeight: 600 });
const Counts = styled('span', { color: '$muted', fontSize: '0.9rem' });
const Ok = styled('span', { color: '$brand', fontWeight: 700, fontSize: '0.9rem' });
const Problem = styled('div', { marginTop: '$2', '& p': { margin: '0 0 $1' } });
const Files = styled('ul', {
  margin: '$1 0 0',
  paddingLeft: '$5',
  fontSize: '0.9rem',
  color: '$muted',
  li: { overflowWrap: 'anywhere' },
});

type T = (key: TextKey, vars?: Record<string, string | number>) => string;

/** How often the report is fetched again: soon while folders are being read, slowly while videos convert. */
function refreshMs(report: FolderHealthReport | undefined): number {
  const codes = new Set(report?.folders.flatMap((f) => f.problems.map((p) => p.code)));
  return codes.has('pending') ? 2000 : codes.has('converting') ? 15_000 : 0;
}

const LIMITS: Partial<Record<HealthProblem['code'], number>> = { bigPhoto: MAX_PHOTO_BYTES, bigVideo: MAX_VIDEO_BYTES };

function ProblemText({ problem, t }: { readonly problem: HealthProblem; readonly t: T }) {
  const { code, count, files } = problem;
  const limit = LIMITS[code];
  const vars = { n: count, ...(limit ? { limit: formatBytes(limit) } : {}) };
  return (
    <Problem data-problem={code}>
      <p>
        <strong>{t(`${code}Problem`, vars)}</strong>
      </p>
      <p>{t(`${code}Fix`)}</p>
      {files.length > 0 && (
        <Files>
          {files.map((f) => (
            <li key={`${f.name}:${f.sameAs ?? ''}`}>
              {f.name}
              {f.size !== undefined && ` (${formatBytes(f.size)})`}
              {f.sameAs && `: ${t('sameAs', { path: f.sameAs })}`}
            </li>
          ))}
          {count > files.length && <li>{t('moreFiles', { n: count - files.length })}</li>}
        </Files>
      )}
    </Problem>
  );
}

function FolderRow({ folder, t }: { readonly folder: Health; readonly t: T }) {
  const attention = folder.problems.length > 0;
  return (
    <Row attention={attention} data-path={folder.path} css={{ '--depth': folder.depth } as object}>
      <Head>
        <Path>{folder.path}</Path>
        {folder.state === 'listed' && (
          <Counts>
            {t('counts', { photos: folder.photos, videos: folder.videos, size: formatBytes(folder.bytes) })}
          </Counts>
        )}
        {!attention && <Ok>{t('folderOk')}</Ok>}
      </Head>
      {folder.problems.map((p) => (
        <ProblemText key={p.code} problem={p} t={t} />
      ))}
    </Row>
  );
}

function StorageLines({ report, t }: { readonly report: FolderHealthReport; readonly t: T }) {
  const { storage, coldCalls } = report;
  const lines: string[] = [t('mediaSize', { size: formatBytes(report.mediaBytes) })];
  if (storage?.kind === 'drive') {
    const used = formatBytes(storage.usage ?? 0);
    lines.push(
      storage.limit ? t('quotaDrive', { used, limit: formatBytes(storage.limit) }) : t('quotaDriveUnlimited', { used }),
    );
  } else if (storage?.kind === 'local') {
    lines.push(t('quotaLocal', { free: formatBytes(storage.free), total: formatBytes(storage.total) }));
  }
  if (coldCalls)
    lines.push(t('coldCalls', { calls: coldCalls.calls, limit: coldCalls.perMinute.toLocaleString('en-US') }));
  return (
    <Lines data-testid="health-storage">
      {lines.map((line) => (
        <Muted key={line}>{line}</Muted>
      ))}
    </Lines>
  );
}

/**
 * Folder health: for every folder of the checklist, its photos and videos and, in words, what needs
 * attention and what to do (empty, files no visitor sees, videos not playable yet, too large, no
 * picture, copies, misplaced files), with the storage used. Fetched from the server's cached listings.
 */
export default function FolderHealth({ payload }: { readonly payload: FolderHealthPayload }) {
  const { texts } = payload;
  const t: T = (key, vars = {}) => fillText(texts[key] ?? '', vars);
  const { data, error, isValidating, mutate } = useSWR<FolderHealthReport>(STAFF_API.health, fetchJson, {
    shouldRetryOnError: false,
    revalidateOnFocus: true,
    refreshInterval: refreshMs,
  });
  const attention = data?.folders.filter((f) => f.problems.length > 0).length ?? 0;
  const time = (ms: number) => new Date(ms).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit' });
  const oldest = data?.folders.reduce<number | null>(
    (min, f) => (f.listedAt !== undefined && (min === null || f.listedAt < min) ? f.listedAt : min),
    null,
  );

  return (
    <>
      <h1>{payload.heading}</h1>
      <Toolbar>
        <Summary role="status" data-testid="health-summary">
          {data
            ? attention > 0
              ? t('summary', { problems: attention, total: data.folders.length })
              : t('allHealthy')
            : error
              ? t('error')
              : t('loading')}
        </Summary>
        <Button type="button" variant="outline" onClick={() => void mutate()} disabled={isValidating}>
          {t('checkAgain')}
        </Button>
      </Toolbar>
      {data?.storeDown && <Notice data-testid="store-down">{t('storeDown', { error: data.storeDown })}</Notice>}
      {data && (
        <>
          <StorageLines report={data} t={t} />
          {oldest != null && <Muted>{t('listedAt', { time: time(oldest) })}</Muted>}
          <List aria-label={payload.heading}>
            {data.folders.map((f) => (
              <FolderRow key={f.path} folder={f} t={t} />
            ))}
          </List>
        </>
      )}
    </>
  );
}
