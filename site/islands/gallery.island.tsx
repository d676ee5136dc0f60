import { useEffect, useState } from 'react';
import type { MediaSource } from '../../engine/shared/keys.ts';
import { mediaKey } from '../../engine/shared/keys.ts';
import { fillText, type Vars } from '../../engine/placeholders.ts';
import { Loading } from '../components/Loading.tsx';
import { MediaGrid } from '../components/MediaGrid.tsx';
import { RefreshButton, useRefresh } from '../components/RefreshButton.tsx';
import { notifyError } from '../components/Toasts.tsx';
import { Button, StatusBox } from '../components/ui.tsx';
import { useMedia } from '../data/hooks.ts';
import { useData, useLanguage, useUi } from '../app/context.ts';
import type { formatText, Messages } from '../../engine/shared/format.ts';
import { styled } from '../styles/stitches.ts';
import { PHOTO_VIEW_ATTR } from '../../engine/shared/islands.ts';
import { useLive } from './live.ts';

const Toolbar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  minHeight: '44px',
  margin: '$5 0',
  '& p': { margin: 0, color: '$muted', fontWeight: 600 },
});

/** The error and empty boxes, which stand where the count line would (with its space above). */
const Status = styled(StatusBox, { marginTop: '$5' });

/** The gallery texts the island shows (the page's, text placeholders still in). */
export interface GalleryTexts {
  readonly count?: string;
  readonly error?: string;
  readonly emptyTitle?: string;
  readonly emptyBody?: string;
  readonly loading?: string;
}

export interface GalleryIslandProps {
  /** Where the items come from; null when it could not be found. */
  readonly source: MediaSource | null;
  /** No source because the server could not look it up (the store failed): an error, never "empty". */
  readonly unresolved: boolean;
  readonly texts: GalleryTexts;
  readonly vars: Vars;
  /** The compiled messages among its texts (the count line's plural): formatted here, never parsed. */
  readonly messages: Messages;
  /** The count line as the server rendered it: its count, and its text in the page's language. */
  readonly count: { readonly n: number; readonly text: string };
  readonly layout: 'squares' | 'masonry';
  /** The gallery's title (the page heading): the grid's accessible name, and what captions are made of for files a camera named. */
  readonly label: string;
  /** The gallery page's own path, and the address the page was rendered for (a photo's, maybe). */
  readonly galleryPath: string;
  readonly ssrPath: string;
  /** The text of 'Show more'. */
  readonly moreLabel?: string;
}

/**
 * The count line ('{n, plural, one {# image} other {# images}} available') in the page's language: the
 * server's text for the count it rendered; for another count (a Refresh that found more) formatted
 * here, by the formatter loaded then, so that it is no part of a gallery's first load.
 */
function useCountLine(
  { texts, vars, messages, count: first }: Pick<GalleryIslandProps, 'texts' | 'vars' | 'messages' | 'count'>,
  listed: number,
  total: number | undefined,
): string {
  const language = useLanguage();
  const n = Math.max(listed, total ?? 0);
  const text = texts.count;
  const [format, setFormat] = useState<typeof formatText>();
  const changed = n !== first.n;
  useEffect(() => {
    if (changed && !format) void import('../../engine/shared/format.ts').then((m) => setFormat(() => m.formatText));
  }, [changed, format]);
  return changed && format ? format(text ?? '', { ...vars, n }, messages, language) : first.text;
}

/**
 * A gallery's body: count line and Refresh (once the island is live) when it has items, the grid and
 * its viewer, the loading, empty and error texts (an empty gallery says so in its empty texts alone).
 */
export default function GalleryIsland({
  source,
  unresolved,
  texts,
  vars,
  messages,
  count: first,
  layout,
  label,
  galleryPath,
  ssrPath,
  moreLabel,
}: GalleryIslandProps) {
  const ui = useUi();
  const media = useMedia(source);
  const { data, isLoading, isValidating } = media;
  const error = media.error ?? (unresolved ? new Error('The gallery folder could not be looked up.') : undefined);
  // Big folders: the page carried the first screenful; the whole length until the rest has loaded.
  const listKey = mediaKey(source);
  const { partial } = useData();
  const total = listKey === null ? undefined : partial?.[listKey];
  const [generation, setGeneration] = useState(0);
  // Refresh remounts the grid (a new generation), so thumbnails that failed are tried again.
  const refresh = useRefresh(source, () => setGeneration((g) => g + 1));
  const { refreshing } = refresh;
  const retry = unresolved ? () => window.location.reload() : refresh.run;
  const live = useLive();
  useEffect(() => {
    // On a photo's address the server showed the photo (PhotoView) for visitors without the script:
    // the viewer opens on it now, so that rendition goes.
    document.querySelector(`[${PHOTO_VIEW_ATTR}]`)?.remove();
  }, []);
  const items = data ?? [];
  const hasItems = items.length > 0;
  const count = useCountLine({ texts, vars, messages, count: first }, items.length, total);
  useEffect(() => {
    // A failed refresh keeps the items on screen and says so in a toast.
    if (error && hasItems && texts.error) notifyError(fillText(texts.error, vars));
  }, [error, hasItems, texts.error, vars]);

  let body;
  if (isLoading) body = <Loading text={texts.loading} />;
  else if (error && items.length === 0)
    body = (
      <Status role="alert" data-testid="gallery-error">
        <p>{fillText(texts.error ?? '', vars)}</p>
        <Button type="button" onClick={retry} disabled={!live || isValidating || refreshing} aria-busy={refreshing}>
          {ui['tryAgain']}
        </Button>
      </Status>
    );
  else if (items.length === 0)
    body = (
      <Status data-testid="gallery-empty">
        <h2>{fillText(texts.emptyTitle ?? '', vars)}</h2>
        <p>{fillText(texts.emptyBody ?? '', vars)}</p>
      </Status>
    );
  else
    body = (
      <MediaGrid
        key={generation}
        items={items}
        layout={layout}
        label={label}
        address={{ galleryPath, ssrPath }}
        {...(total !== undefined ? { total } : {})}
        {...(moreLabel ? { moreLabel } : {})}
      />
    );

  return (
    <>
      {!isLoading && hasItems && (
        <Toolbar>
          <p role="status" data-testid="gallery-count">
            {count}
          </p>
          {live && (
            <RefreshButton refreshing={refreshing} disabled={isValidating} onClick={retry} data-testid="refresh" />
          )}
        </Toolbar>
      )}
      {body}
    </>
  );
}
