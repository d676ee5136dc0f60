import { useEffect, useState } from 'react';
import { usePage, useShell } from '../app/context.ts';
import { Loading } from '../components/Loading.tsx';
import { MediaGrid } from '../components/MediaGrid.tsx';
import { Missing } from '../components/Missing.tsx';
import { PageLinks } from '../components/PageLinks.tsx';
import { PageTop } from '../components/PageTop.tsx';
import { RefreshButton, useRefresh } from '../components/RefreshButton.tsx';
import { notifyError } from '../components/Toasts.tsx';
import { Button, Container, StatusBox } from '../components/ui.tsx';
import { useMedia } from '../data/hooks.ts';
import { galleryLayout } from '../../engine/contract/media.ts';
import { fillText } from '../../engine/contract/text.ts';
import { styled } from '../styles/stitches.ts';

const Toolbar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  margin: '$5 0',
  '& p': { margin: 0, color: '$muted', fontWeight: 600 },
});

const Footer = styled('div', { marginTop: '$6' });

/**
 * Image, video and application galleries: count line, Refresh (when there are items), the grid and
 * the viewer, and the page's loading, empty and error texts.
 */
export default function Gallery() {
  const { payload } = usePage();
  const { ui } = useShell();
  const { page, vars, status } = payload;
  const source = payload.mediaFolderId ? { folderId: payload.mediaFolderId } : null;
  const { data, error, isLoading, isValidating } = useMedia(source);
  const [generation, setGeneration] = useState(0);
  // Refresh remounts the grid (a new generation), so thumbnails that failed are tried again.
  const { refreshing, run: retry } = useRefresh(source, () => setGeneration((g) => g + 1));
  const hasItems = (data?.length ?? 0) > 0;
  const errorText = payload.page.texts['error'];
  useEffect(() => {
    // A failed refresh keeps the items on screen and says so in a toast.
    if (error && hasItems && errorText) notifyError(fillText(errorText, vars));
  }, [error, hasItems, errorText, vars]);
  if (status === 404)
    return (
      <Missing text={page.texts['notFound'] ?? page.texts['error'] ?? page.heading} back={page.back} vars={vars} />
    );

  const texts = page.texts;
  const items = data ?? [];
  const heading = fillText(page.heading, vars);
  const layout = galleryLayout(page.kind, vars['mediaType']);

  let body;
  if (isLoading) body = <Loading text={texts['loading']} />;
  else if (error && items.length === 0)
    body = (
      <StatusBox role="alert" data-testid="gallery-error">
        <p>{fillText(texts['error'] ?? '', vars)}</p>
        <Button type="button" onClick={retry} disabled={isValidating || refreshing} aria-busy={refreshing}>
          {ui['tryAgain']}
        </Button>
      </StatusBox>
    );
  else if (items.length === 0)
    body = (
      <StatusBox data-testid="gallery-empty">
        <h2>{fillText(texts['emptyTitle'] ?? '', vars)}</h2>
        <p>{fillText(texts['emptyBody'] ?? '', vars)}</p>
      </StatusBox>
    );
  else body = <MediaGrid key={generation} items={items} layout={layout} label={heading} />;

  return (
    <>
      <PageTop heading={heading} intro={page.intro} />
      <Container>
        {!isLoading && !(error && items.length === 0) && (
          <Toolbar>
            <p role="status" data-testid="gallery-count">
              {fillText(items.length > 0 ? (texts['count'] ?? '') : (texts['none'] ?? ''), {
                ...vars,
                n: items.length,
              })}
            </p>
            {items.length > 0 && (
              <RefreshButton refreshing={refreshing} disabled={isValidating} onClick={retry} data-testid="refresh" />
            )}
          </Toolbar>
        )}
        {body}
        <Footer>
          <PageLinks links={page.links} vars={vars} />
        </Footer>
      </Container>
    </>
  );
}
