import { usePage, useShell } from '../app/context.ts';
import { Missing } from '../components/Missing.tsx';
import { PhotoView } from '../viewer/PhotoView.tsx';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { PageLinks } from '../components/PageLinks.tsx';
import { PageTop } from '../components/PageTop.tsx';
import { ButtonLink, Container, StatusBox } from '../components/ui.tsx';
import { galleryLayout } from '../../engine/kinds.ts';
import { gallerySource } from '../../engine/shared/sources.ts';
import { useSourceContext } from '../data/sources.ts';
import { mediaKey } from '../../engine/shared/keys.ts';
import { Island } from '../islands/Island.tsx';
import type { GalleryTexts } from '../islands/gallery.island.tsx';
import { galleryTitle, photoPath } from '../../engine/shared/captions.ts';
import { styled } from '../styles/stitches.ts';
import { formatText, messagesFor } from '../../engine/shared/format.ts';
import type { Vars } from '../../engine/placeholders.ts';
import type { Shell } from '../../engine/shared/page.ts';

/** The count line as the island first shows it: the listing's length (all of it, when cut), in words. */
function countLine(texts: GalleryTexts, vars: Vars, shell: Shell, listed: number, total?: number) {
  const n = Math.max(listed, total ?? 0);
  return {
    n,
    text: formatText(texts.count ?? '', { ...vars, n }, shell.messages, shell.language),
  };
}

const Footer = styled('div', { marginTop: '$6' });

/** The page texts the gallery island shows. */
const GALLERY_TEXT_KEYS = [
  'count',
  'error',
  'emptyTitle',
  'emptyBody',
  'loading',
] as const satisfies readonly (keyof GalleryTexts)[];

/**
 * Image, video and application galleries: the page top and links are server HTML; the count line,
 * Refresh, the grid and the viewer are the gallery island.
 */
export default function Gallery() {
  const { payload } = usePage();
  const shell = useShell();
  const { ui } = shell;
  const { page, vars, status } = payload;
  const source = gallerySource(useSourceContext());
  if (payload.photo && !payload.photo.found)
    return (
      <Container css={{ padding: '$6 $4' }}>
        <StatusBox role="alert">
          <h1 tabIndex={-1}>{ui['photoNotFound']}</h1>
          <ButtonLink href={payload.path}>{ui['backToGallery']}</ButtonLink>
        </StatusBox>
      </Container>
    );
  if (status === 404)
    return (
      <Missing text={page.texts['notFound'] ?? page.texts['error'] ?? page.heading} back={page.back} vars={vars} />
    );
  const { texts } = page;
  const heading = galleryTitle(page, vars);
  const key = mediaKey(source);
  const items = key === null ? undefined : (payload.fallback[key] as ApiMediaItem[] | undefined);
  return (
    <>
      <PageTop heading={heading} intro={page.intro} />
      <Container>
        {payload.photo && items && (
          <PhotoView items={items} slug={payload.photo.slug} galleryPath={payload.path} gallery={heading} />
        )}
        <Island
          name="gallery"
          props={{
            source,
            // No folder because the server could not look it up (the store failed): an error, never "empty".
            unresolved: source === null && payload.errors.length > 0,
            texts: Object.fromEntries(
              GALLERY_TEXT_KEYS.flatMap((k) => (texts[k] === undefined ? [] : [[k, texts[k]]])),
            ),
            vars,
            messages: messagesFor(shell.messages, [texts.count]),
            count: countLine(texts, vars, shell, items?.length ?? 0, key === null ? undefined : payload.partial?.[key]),
            layout: galleryLayout(page.kind, vars['mediaType']),
            label: heading,
            galleryPath: payload.path,
            ssrPath: payload.photo ? photoPath(payload.path, payload.photo.slug) : payload.path,
            ...(ui['showMore'] ? { moreLabel: ui['showMore'] } : {}),
          }}
          data={key === null ? [] : [key]}
        />
        <Footer>
          <PageLinks links={page.links} vars={vars} />
        </Footer>
      </Container>
    </>
  );
}
