import { Download, ExternalLink, Share2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import Lightbox, { type GenericSlide, type Slide } from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { useUi } from '../app/context.ts';
import {
  formatLabelKey,
  isPlayable,
  isVideo,
  posterFor,
  videoFormat,
  viewerSrcSet,
} from '../../engine/shared/media.ts';
import { captionsOf } from '../../engine/shared/captions.ts';
import { CONVERSION_POLL_MS, keys } from '../../engine/shared/keys.ts';
import { notifySuccess } from '../components/Toasts.tsx';
import { styled } from '../styles/stitches.ts';
import { Thumb } from '../components/Thumb.tsx';

declare module 'yet-another-react-lightbox' {
  interface GenericSlide {
    /** The media item a slide shows. */
    item?: ApiMediaItem;
    /** Its caption (engine/shared/captions.ts). */
    caption?: string;
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

/** The screen's width in device pixels (the viewer fills it). */
const screenPx = (): number =>
  typeof window === 'undefined' ? 1600 : Math.round(window.innerWidth * (window.devicePixelRatio || 1));

function toSlide(item: ApiMediaItem, caption: string): Slide {
  if (!isVideo(item)) {
    const src = item.largeUrl ?? item.url;
    const srcSet = viewerSrcSet(item);
    return {
      type: 'image',
      src,
      alt: caption,
      item,
      caption,
      ...(item.width && item.height ? { width: item.width, height: item.height } : {}),
      ...(srcSet ? { srcSet } : {}),
    };
  }
  if (!isPlayable(item)) return { type: 'notice', item, caption };
  return {
    type: 'video',
    item,
    caption,
    sources: [{ src: item.url, type: item.mimeType.startsWith('video/') ? item.mimeType : 'video/mp4' }],
    ...(item.posterUrl ? { poster: posterFor(item, screenPx()) } : {}),
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

// Above the slide, not over it: a video's controls sit at its bottom edge and must stay visible.
const Caption = styled('div', {
  position: 'absolute',
  left: 0,
  right: 0,
  bottom: 0,
  padding: '$2 $4 $3',
  color: '#fff',
  textAlign: 'center',
  backgroundColor: '#080e14',
  pointerEvents: 'none',
  '& strong': { display: 'block', fontSize: '1rem', overflowWrap: 'anywhere' },
  '& small': { opacity: 0.9 },
});

const ToolButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  margin: '$2 $1',
  padding: '$2 $3',
  border: 'none',
  borderRadius: '$sm',
  color: '#fff',
  backgroundColor: 'rgba(255, 255, 255, 0.14)',
  fontSize: '0.9rem',
  fontWeight: 600,
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.26)' },
  '& span': { display: 'none', '@sm': { display: 'inline' } },
});

/** Web Share where the browser has it (phones), else the link goes to the clipboard with a toast. */
async function share(title: string, copied: string): Promise<void> {
  const url = window.location.href;
  if (typeof navigator.share === 'function') {
    await navigator.share({ title, url }).catch(() => undefined);
    return;
  }
  await navigator.clipboard?.writeText(url).then(
    () => notifySuccess(copied),
    () => undefined,
  );
}

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

/**
 * The listing with the videos that became playable while the viewer was open: while the slide shown
 * is a video the server is converting, its state is asked every CONVERSION_POLL_MS; once it is ready
 * the slide turns into the player (no reload). Asking stops when it is ready, or the viewer closes.
 */
function useConvertedVideos(listed: readonly ApiMediaItem[], shown: ApiMediaItem | undefined) {
  const [ready, setReady] = useState<Readonly<Record<string, ApiMediaItem>>>({});
  const waiting = shown?.converting && !ready[shown.id] ? shown.id : null;
  useSWR<ApiMediaItem>(waiting ? keys.mediaItem(waiting) : null, {
    refreshInterval: CONVERSION_POLL_MS,
    dedupingInterval: 0,
    revalidateOnFocus: false,
    onSuccess: (fresh) => {
      if (!fresh.converting) setReady((known) => ({ ...known, [fresh.id]: fresh }));
    },
  });
  const items = useMemo(() => listed.map((i) => ready[i.id] ?? i), [listed, ready]);
  return items;
}

interface Props {
  readonly items: readonly ApiMediaItem[];
  /** The title of the gallery the items belong to (captions of files a camera named are made of it). */
  readonly gallery: string;
  /** The slide to open at; null when closed. */
  readonly index: number | null;
  /** Called once the viewer has closed, with the slide last shown (focus goes back to its tile). */
  readonly onClose: (lastIndex: number) => void;
  /** Told about every slide shown (the grid puts its address in the location bar). */
  readonly onView?: (index: number) => void;
  /** Where to mount the viewer (inside a modal dialog, so that it shows above it). */
  readonly portalRoot?: Element | null;
}

/**
 * The full-screen viewer (yet-another-react-lightbox) on an opaque backdrop: large image (zoom by
 * pinch, double tap or wheel) or inline video with its controls, caption and format, a counter
 * read out by screen readers, 'Open in new tab', one 'Download', 'Share' (when the slide has an
 * address), close button, backdrop click, Esc, swipe down, arrows and swipe.
 */
export default function MediaViewer({ items: listed, gallery, index, onClose, onView, portalRoot }: Props) {
  const ui = useUi();
  const [current, setCurrent] = useState(index ?? 0);
  const [open, setOpen] = useState(index !== null);
  const items = useConvertedVideos(listed, open ? listed[current] : undefined);
  const captions = useMemo(() => captionsOf(items, { gallery, ui }), [items, gallery, ui]);
  const slides = useMemo(() => items.map((item, i) => toSlide(item, captions[i] ?? '')), [items, captions]);
  const item = items[current];
  const caption = captions[current] ?? '';
  const toolbar = item
    ? [
        <ToolLink key="open" href={item.url} target="_blank" rel="noopener" aria-label={ui['openInNewTab']}>
          <ExternalLink size={18} aria-hidden="true" />
          <span>{ui['openInNewTab']}</span>
        </ToolLink>,
        // A notice slide has its own Download button: one per slide.
        ...(toSlide(item, caption).type === 'notice'
          ? []
          : [
              <ToolLink key="download" href={item.downloadUrl} download={item.name} aria-label={ui['download']}>
                <Download size={18} aria-hidden="true" />
                <span>{ui['download']}</span>
              </ToolLink>,
            ]),
        ...(onView
          ? [
              <ToolButton
                key="share"
                type="button"
                aria-label={ui['share']}
                data-testid="viewer-share"
                onClick={() => void share(caption, ui['linkCopied'] ?? '')}
              >
                <Share2 size={18} aria-hidden="true" />
                <span>{ui['share']}</span>
              </ToolButton>,
            ]
          : []),
        'close',
      ]
    : ['close'];

  return (
    <Lightbox
      open={open}
      index={index ?? 0}
      close={() => setOpen(false)}
      slides={slides}
      plugins={[Video, Zoom, Counter]}
      labels={{ Close: ui['close'], Previous: ui['previous'], Next: ui['next'] }}
      controller={{ closeOnBackdropClick: true, closeOnPullDown: true }}
      zoom={{ scrollToZoom: true, maxZoomPixelRatio: 2, doubleTapDelay: 300 }}
      counter={{ container: { 'aria-live': 'polite', 'aria-atomic': true, role: 'status' } as object }}
      carousel={{ finite: slides.length <= 1, preload: 1 }}
      // No autoplay: a paused video keeps its controls on screen until the visitor presses Play.
      video={{ controls: true, autoPlay: false, playsInline: true, preload: 'metadata' }}
      toolbar={{ buttons: toolbar }}
      on={{
        view: ({ index: i }) => {
          setCurrent(i);
          onView?.(i);
        },
        exited: () => onClose(current),
      }}
      render={{
        slide: ({ slide }) =>
          slide.type === 'notice' ? (
            <Notice data-testid="video-notice">
              <Thumb sources={[slide.item.posterUrl, slide.item.previewUrl]} alt={slide.caption ?? ''} onFail="hide" />
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
              <strong data-testid="viewer-name">{slide.caption}</strong>
              {isVideo(slide.item) && <small>{ui[formatLabelKey(slide.item)]}</small>}
            </Caption>
          ) : null,
      }}
      // Opaque: the page behind the viewer must not show through.
      styles={{ root: { '--yarl__color_backdrop': '#080e14' }, container: { backgroundColor: '#080e14' } }}
      {...(portalRoot ? { portal: { root: portalRoot } } : {})}
    />
  );
}
