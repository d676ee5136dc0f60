import { useState } from 'react';
import useSWR from 'swr';
import { MANIFEST_API, type Version, type VersionInfo } from '../../../engine/shared/manifest.ts';
import { fetchJson } from '../../data/fetcher.ts';
import { styled } from '../../styles/stitches.ts';
import { errorText } from '../errors.ts';
import { notify } from '../toast.tsx';
import { Muted, Notice } from '../ui.tsx';
import { fetchVersion, rollbackTo } from './api.ts';
import { VersionDetail } from './VersionDetail.tsx';
import { VersionRow } from './VersionRow.tsx';
import type { LiveFiles, Opened } from './history.ts';
import type { Translate } from './texts.ts';

const List = styled('ol', { listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '$3' });

/**
 * Every version, newest first (who, when, the note, what it changed), each with View, Diff against
 * live and Publish again (a rollback: a new version with its files, after a confirm).
 */
export function HistoryPanel(props: {
  readonly t: Translate;
  readonly live: LiveFiles | undefined;
  readonly onPublished: (number: number, files: Version['files']) => void;
}) {
  const { t, live } = props;
  const versions = useSWR(MANIFEST_API.versions, (url: string) =>
    fetchJson<{ versions: VersionInfo[] }>(url, { cache: 'no-store' }),
  );
  const [opened, setOpened] = useState<Opened | null>(null);
  const open = async (n: number, mode: Opened['mode']): Promise<void> => {
    try {
      setOpened({ version: await fetchVersion(n), mode });
    } catch (error) {
      notify.error(t('loadFailed'), errorText(error));
    }
  };
  const again = async (v: VersionInfo): Promise<void> => {
    if (!window.confirm(t('confirmRollback', { n: v.number }))) return;
    try {
      const [published, version] = await Promise.all([rollbackTo(v.number), fetchVersion(v.number)]);
      await versions.mutate();
      props.onPublished(published.version.number, version.files);
      notify.success(t('publishedTitle'), t('publishedBody', { n: published.version.number }));
    } catch (error) {
      notify.error(t('publishFailedTitle'), errorText(error));
    }
  };
  return (
    <section aria-labelledby="manifest-history">
      <h2 id="manifest-history">{t('historyHeading')}</h2>
      {versions.error && <Notice role="alert">{t('loadFailed')}</Notice>}
      {!versions.data && !versions.error && <Muted>{t('loading')}</Muted>}
      {opened && <VersionDetail opened={opened} live={live} t={t} onClose={() => setOpened(null)} />}
      <List>
        {versions.data?.versions.map((v) => (
          <VersionRow
            key={v.number}
            version={v}
            isLive={v.number === live?.number}
            t={t}
            onOpen={open}
            onAgain={again}
          />
        ))}
      </List>
    </section>
  );
}
