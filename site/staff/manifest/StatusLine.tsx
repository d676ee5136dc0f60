import useSWR from 'swr';
import { MANIFEST_API, type ManifestStatus } from '../../../engine/shared/manifest.ts';
import { fetchJson } from '../../data/fetcher.ts';
import { styled } from '../../styles/stitches.ts';
import { Muted } from '../ui.tsx';
import { when, type Translate } from './texts.ts';

const Box = styled('section', {
  display: 'grid',
  gap: '$1',
  padding: '$3 $4',
  marginBottom: '$4',
  borderRadius: '$sm',
  backgroundColor: '$surface',
  ul: { margin: 0, paddingLeft: '$5', fontSize: '0.9rem' },
});
const Line = styled('p', { margin: 0, fontWeight: 700 });

/** How often the servers' versions are read again (a publish reaches every server within about 2 s). */
const STATUS_REFRESH_MS = 3000;

/** "Live: version N on X of Y servers", each server's version, and what a CDN in front may still show. */
export function StatusLine({ t }: { readonly t: Translate }) {
  const { data } = useSWR<ManifestStatus>(MANIFEST_API.status, (url: string) => fetchJson(url, { cache: 'no-store' }), {
    refreshInterval: STATUS_REFRESH_MS,
  });
  if (!data) return null;
  const serving = data.servers.filter((s) => s.version === data.live).length;
  return (
    <Box>
      <Line role="status" data-testid="manifest-status">
        {t('statusLine', { n: data.live, done: serving, total: data.servers.length })}
      </Line>
      <ul>
        {data.servers.map((s) => (
          <li key={s.id}>{t('serverLine', { name: s.id, n: s.version, time: when(s.seenAt) })}</li>
        ))}
      </ul>
      <Muted>{t('cdnNote')}</Muted>
    </Box>
  );
}
