import { Download, ExternalLink } from 'lucide-react';
import { useMemo, useState } from 'react';
import Lightbox, { type GenericSlide, type Slide } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Video from 'yet-another-react-lightbox/plugins/video';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { ApiMediaItem } from '../../engine/api.ts';
import { useShell } from '../app/context.ts';
import { formatLabelKey, isPlayable, isVideo, videoFormat } from '../../engine/contract/media.ts';
import { styled } from '../styles/stitches.ts';
import { Thumb } from './Thumb.tsx';

declare module 'yet-another-react-lightbox' {
  interface GenericSlide {
    /** The media item a slide shows. */
    item?: ApiMediaItem;
  }
  interface SlideTypes {
    notice: SlideNotice;
  }
}

/** A video the browser cannot play inline: poster, notice, Download (and Open in Google Drive). */
interface SlideNotice extends GenericSlide {
  type: 'notice';
  item: ApiMediaItem;
}

function toSlide(item: ApiMediaItem): Slide {
  if (!isVideo(item)) {
    const src = item.largeUrl ?? item.url;
    return {
      type: 'image',
      src,
      alt: item.name,
      item,
      ...(item.width && item.height ? { width: item.width, height: item.height } : {}),
    };
  }
  if (!isPlayable(item)) return { type: 'notice', item };
  return {
    type: 'video',
    item,
    sources: [{ src: item.url, type: item.mimeType.startsWith('video/') ? item.mimeType : 'video/mp4' }],
    ...(item.posterUrl ? { poster: item.posterUrl } : {}),
    ...(item.width && item.height ? { width: item.width, height: item.height } : {}),
  };
}

const ToolLink = styled('a', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  margin: '$2 $1',
  padding: '$2 $3',
  borderRadius: '$sm',
  color: '#fff',
  backgroundColor: 'rgba(255, 255, 255, 0.14)',
  textDecoration: 'none',
  fontSize: '0.9rem',
  fontWeight: 600,
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.26)' },
  '& span': { display: 'none', '@sm': { display: 'inline' } },
});

const Caption = styled('div', {
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  padding: '$3 $4',
  color: '#fff',
  textAlign: 'center',
  background: 'linear-gradient(transparent, rgba(0, 0, 0, 0.7))',
  pointerEvents: 'none',
  '& strong': { display: 'block', fontSize: '1rem', overflowWrap: 'anywhere' },
  '& small': { opacity: 0.9 },
});

const Notice = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$4',
  maxWidth: '560px',
  padding: '$5',
  color: '#fff',
  textAlign: 'center',
  '& img': { maxHeight: '40vh', width: 'auto', borderRadius: '$sm' },
  '& p': { margin: 0, fontSize: '1.05rem' },
});

const NoticeActions = styled('div', { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '$2' });

const NoticeButton = styled('a', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '44px',
  padding: '$2 $4',
  borderRadius: '$sm',
  backgroundColor: '#fff',
  color: '$brand',
  fontWeight: 600,
  textDecoration: 'none',
});

interface Props {
  readonly items: readonly ApiMediaItem[];
  /** The slide to open at; null when closed. */
  readonly index: number | null;
  /** Called once the viewer has closed, with the slide last shown (focus goes back to its tile). */
  readonly onClose: (lastIndex: number) => void;
  /** Where to mount the viewer (inside a modal dialog, so that it shows above it). */
  readonly portalRoot?: Element | null;
}

/**
 * The full-screen viewer (yet-another-react-lightbox): large image or inline video, file name and
 * format, 'Open in new tab', 'Download', close button, backdrop click, Esc, arrows and swipe.
 */
export default function MediaViewer({ items, index, onClose, portalRoot }: Props) {
  const { ui } = useShell();
  const slides = useMemo(() => items.map(toSlide), [items]);
  const [current, setCurrent] = useState(index ?? 0);
  const [open, setOpen] = useState(index !== null);
  const item = items[current];
  const toolbar = item
    ? [
        <ToolLink key="open" href={item.url} target="_blank" rel="noopener" aria-label={ui['openInNewTab']}>
          <ExternalLink size={18} aria-hidden="true" />
          <span>{ui['openInNewTab']}</span>
        </ToolLink>,
        <ToolLink key="download" href={item.downloadUrl} download={item.name} aria-label={ui['download']}>
          <Download size={18} aria-hidden="true" />
          <span>{ui['download']}</span>
        </ToolLink>,
        'close',
      ]
    : ['close'];

  return (
    <Lightbox
      open={open}
      index={index ?? 0}
      close={() => setOpen(false)}
      slides={slides}
      plugins={[Video, Counter]}
      labels={{ Close: ui['close'], Previous: ui['previous'], Next: ui['next'] }}
      controller={{ closeOnBackdropClick: true }}
      carousel={{ finite: slides.length <= 1, preload: 1 }}
      video={{ controls: true, autoPlay: true, playsInline: true, preload: 'metadata' }}
      toolbar={{ buttons: toolbar }}
      on={{ view: ({ index: i }) => setCurrent(i), exited: () => onClose(current) }}
      render={{
        slide: ({ slide }) =>
          slide.type === 'notice' ? (
            <Notice data-testid="video-notice">
              <Thumb sources={[slide.item.posterUrl, slide.item.previewUrl]} alt={slide.item.name} onFail="hide" />
              <p>{videoFormat(slide.item) === 'mov' ? ui['movNotice'] : ui['unsupportedVideo']}</p>
              <NoticeActions>
                <NoticeButton href={slide.item.downloadUrl} download={slide.item.name}>
                  <Download size={18} aria-hidden="true" />
                  {ui['download']}
                </NoticeButton>
                {slide.item.viewUrl && (
                  <NoticeButton href={slide.item.viewUrl} target="_blank" rel="noopener">
                    <ExternalLink size={18} aria-hidden="true" />
                    {ui['openInDrive']}
                  </NoticeButton>
                )}
              </NoticeActions>
            </Notice>
          ) : undefined,
        slideFooter: ({ slide }) =>
          slide.item ? (
            <Caption>
              <strong data-testid="viewer-name">{slide.item.name}</strong>
              {isVideo(slide.item) && <small>{ui[formatLabelKey(slide.item)]}</small>}
            </Caption>
          ) : null,
      }}
      styles={{ container: { backgroundColor: 'rgba(8, 14, 20, 0.94)' } }}
      {...(portalRoot ? { portal: { root: portalRoot } } : {})}
    />
  );
}
