import { Download, ExternalLink } from 'lucide-react';
import { videoFormat } from '../../engine/shared/viewer-media.ts';
import { useUi } from '../app/context.ts';
import { Thumb } from '../components/Thumb.tsx';
import { styled } from '../styles/stitches.ts';
import type { SlideNotice } from './slides.ts';

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

/** The slide of a video the browser cannot play inline: its poster, why, Download and Open in Google Drive. */
export function NoticeSlide({ slide }: { readonly slide: SlideNotice }) {
  const ui = useUi();
  return (
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
  );
}
