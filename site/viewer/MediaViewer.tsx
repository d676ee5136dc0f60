import { useMemo, useState } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import type { UiTexts } from '../../engine/index.ts';
import { captionsOf } from '../../engine/shared/captions.ts';
import { useLanguage, useUi } from '../app/context.ts';
import { DownloadButton } from './DownloadButton.tsx';
import { NoticeSlide } from './NoticeSlide.tsx';
import { OpenButton } from './OpenButton.tsx';
import { ShareButton } from './ShareButton.tsx';
import { SlideCaption } from './SlideCaption.tsx';
import { toSlide } from './slides.ts';
import { useConvertedVideos } from './useConvertedVideos.ts';

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

/** The viewer's words in the page's language (the lightbox's own are English): ui texts by its label. */
function viewerLabels(ui: UiTexts): Record<string, string | undefined> {
  return {
    Close: ui['close'],
    Previous: ui['previous'],
    Next: ui['next'],
    'Zoom in': ui['zoomIn'],
    'Zoom out': ui['zoomOut'],
    Lightbox: ui['viewer'],
    'Photo gallery': ui['viewer'],
    Carousel: ui['viewerCarousel'],
    Slide: ui['viewerSlide'],
    // The lightbox fills in {index} and {total}; the manifest's texts say {n}.
    '{index} of {total}': ui['slideOf']?.replace('{n}', '{index}'),
  };
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
  const language = useLanguage();
  const captions = useMemo(() => captionsOf(items, { gallery, ui, language }), [items, gallery, ui, language]);
  const slides = useMemo(() => items.map((item, i) => toSlide(item, captions[i] ?? '')), [items, captions]);
  const item = items[current];
  const caption = captions[current] ?? '';
  const toolbar = item
    ? [
        <OpenButton key="open" item={item} />,
        // A notice slide has its own Download button: one per slide.
        ...(toSlide(item, caption).type === 'notice' ? [] : [<DownloadButton key="download" item={item} />]),
        ...(onView ? [<ShareButton key="share" title={caption} />] : []),
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
      labels={viewerLabels(ui)}
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
        slide: ({ slide }) => (slide.type === 'notice' ? <NoticeSlide slide={slide} /> : undefined),
        slideFooter: ({ slide }) => (slide.item ? <SlideCaption item={slide.item} caption={slide.caption} /> : null),
      }}
      // Opaque: the page behind the viewer must not show through.
      styles={{ root: { '--yarl__color_backdrop': '#080e14' }, container: { backgroundColor: '#080e14' } }}
      {...(portalRoot ? { portal: { root: portalRoot } } : {})}
    />
  );
}
