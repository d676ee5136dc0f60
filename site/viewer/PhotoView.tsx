import { PHOTO_VIEW_ATTR } from '../../engine/shared/islands.ts';
import { ArrowLeft, ArrowRight, Download, Grid2x2 } from 'lucide-react';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { captionOf, photoPath, photoSlugs } from '../../engine/shared/captions.ts';
import { isVideo } from '../../engine/shared/media.ts';
import { isPlayable, videoFormat, viewerSrcSet } from '../../engine/shared/viewer-media.ts';
import { useLanguage, useUi } from '../app/context.ts';
import { styled } from '../styles/stitches.ts';
import { ButtonLink } from '../components/ui.tsx';

// The figure holds the media and its caption only (a nav may not follow a figcaption): the stage holds both.
const Stage = /* @__PURE__ */ styled('div', {
  margin: '0 0 $5',
  padding: '$4',
  borderRadius: '$md',
  backgroundColor: '#080e14',
  color: '#fff',
  textAlign: 'center',
  '& figure': { margin: 0 },
  '& img, & video': { display: 'block', margin: '0 auto', maxWidth: '100%', maxHeight: '80vh', height: 'auto' },
  '& figcaption': { marginTop: '$3', fontWeight: 600, overflowWrap: 'anywhere' },
});

const Nav = /* @__PURE__ */ styled('nav', {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: '$2',
  marginTop: '$3',
});

interface Props {
  readonly items: readonly ApiMediaItem[];
  readonly slug: string;
  readonly galleryPath: string;
  /** The gallery's title (captions of files a camera named are made of it). */
  readonly gallery: string;
}

/**
 * Server render: one item of a gallery at its own address, for visitors without the script (and
 * until the gallery's viewer opens on it): the large image (or the video), its caption,
 * previous/next and back to the gallery.
 */
export function PhotoView({ items, slug, galleryPath, gallery }: Props) {
  const ui = useUi();
  const language = useLanguage();
  const slugs = photoSlugs(items);
  const index = slugs.indexOf(slug);
  const item = items[index];
  if (!item) return null;
  const link = (i: number): string | undefined =>
    slugs[i] === undefined ? undefined : photoPath(galleryPath, slugs[i]);
  const prev = link(index - 1);
  const next = link(index + 1);
  const caption = captionOf(item, index + 1, { gallery, ui, language });
  const srcSet = viewerSrcSet(item)
    ?.map((s) => `${s.src} ${s.width}w`)
    .join(', ');
  let media;
  if (!isVideo(item))
    media = (
      <img
        src={item.largeUrl ?? item.url}
        {...(srcSet ? { srcSet, sizes: '100vw' } : {})}
        {...(item.width && item.height ? { width: item.width, height: item.height } : {})}
        alt={caption}
        fetchPriority="high"
      />
    );
  else if (isPlayable(item))
    media = <video src={item.url} poster={item.posterUrl} controls playsInline preload="metadata" />;
  else media = <p>{videoFormat(item) === 'mov' ? ui['movNotice'] : ui['unsupportedVideo']}</p>;
  return (
    <Stage data-testid="photo-view" {...{ [PHOTO_VIEW_ATTR]: '' }}>
      <figure>
        {media}
        <figcaption>{caption}</figcaption>
      </figure>
      <Nav aria-label={caption}>
        {prev && (
          <ButtonLink variant="light" href={prev} rel="prev">
            <ArrowLeft size={18} aria-hidden="true" />
            {ui['previous']}
          </ButtonLink>
        )}
        <ButtonLink variant="light" href={galleryPath}>
          <Grid2x2 size={18} aria-hidden="true" />
          {ui['backToGallery']}
        </ButtonLink>
        {next && (
          <ButtonLink variant="light" href={next} rel="next">
            {ui['next']}
            <ArrowRight size={18} aria-hidden="true" />
          </ButtonLink>
        )}
        <ButtonLink variant="light" href={item.downloadUrl} download={item.name}>
          <Download size={18} aria-hidden="true" />
          {ui['download']}
        </ButtonLink>
      </Nav>
    </Stage>
  );
}
