import { useEffect, useState } from 'react';
import { usePage, useShell } from '../app/context.ts';
import { Loading } from '../components/Loading.tsx';
import { MediaGrid } from '../components/MediaGrid.tsx';
import { Missing } from '../components/Missing.tsx';
import { PageLinks } from '../components/PageLinks.tsx';
import { PageTop } from '../components/PageTop.tsx';
import { RefreshButton, useRefresh } from '../components/RefreshButton.tsx';
import { notifyError } from '../components/Toasts.tsx';
import { Button, ButtonAnchor, Container, StatusBox } from '../components/ui.tsx';
import { useMedia } from '../data/hooks.ts';
import { kindOf } from '../../engine/kinds.ts';
import { galleryLayout } from '../../engine/shared/media.ts';
import { gallerySource } from '../../engine/shared/sources.ts';
import { useSourceContext } from '../data/sources.ts';
import { mediaKey } from '../../engine/shared/keys.ts';
import { fillText } from '../../engine/placeholders.ts';
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
  const source = gallerySource(useSourceContext(kindOf(page.kind).products));
  const media = useMedia(source);
  const { data, isLoading, isValidating } = media;
  // No folder because the server could not look it up (the store failed): an error, never "empty".
  const unresolved = source === null && payload.errors.length > 0;
  const error = media.error ?? (unresolved ? new Error('The gallery folder could not be looked up.') : undefined);
  // Big folders: the page carried the first screenful; the whole length until the rest has loaded.
  const listKey = mediaKey(source);
  const total = listKey === null ? undefined : payload.partial?.[listKey];
  const [generation, setGeneration] = useState(0);
  // Refresh remounts the grid (a new generation), so thumbnails that failed are tried again.
  const refresh = useRefresh(source, () => setGeneration((g) => g + 1));
  const { refreshing } = refresh;
  const retry = unresolved ? () => window.location.reload() : refresh.run;
  const hasItems = (data?.length ?? 0) > 0;
  const errorText = payload.page.texts['error'];
  useEffect(() => {
    // A failed refresh keeps the items on screen and says so in a toast.
    if (error && hasItems && errorText) notifyError(fillText(errorText, vars));
  }, [error, hasItems, errorText, vars]);
  if (payload.photo && !payload.photo.found)
    // A document load: the address still names the photo, and the app shows the gallery's page for it.
    return (
      <Container css={{ padding: '$6 $4' }}>
        <StatusBox role="alert">
          <h1 tabIndex={-1}>{ui['photoNotFound']}</h1>
          <ButtonAnchor href={payload.path}>{ui['backToGallery']}</ButtonAnchor>
        </StatusBox>
      </Container>
    );
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
  else
    body = (
      <MediaGrid
        key={generation}
        items={items}
        layout={layout}
        label={heading}
        galleryPath={payload.path}
        {...(total !== undefined ? { total } : {})}
        {...(ui['showMore'] ? { moreLabel: ui['showMore'] } : {})}
      />
    );

  return (
    <>
      <PageTop heading={heading} intro={page.intro} />
      <Container>
        {!isLoading && !(error && items.length === 0) && (
          <Toolbar>
            <p role="status" data-testid="gallery-count">
              {fillText(items.length > 0 ? (texts['count'] ?? '') : (texts['none'] ?? ''), {
                ...vars,
                n: Math.max(items.length, total ?? 0),
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
