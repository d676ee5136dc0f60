import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { isVideo } from '../../engine/shared/media.ts';
import { formatLabelKey } from '../../engine/shared/viewer-media.ts';
import { useUi } from '../app/context.ts';
import { styled } from '../styles/stitches.ts';

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

/** Under a slide: its caption, and a video's format. */
export function SlideCaption({
  item,
  caption,
}: {
  readonly item: ApiMediaItem;
  readonly caption?: string | undefined;
}) {
  const ui = useUi();
  return (
    <Caption>
      <strong data-testid="viewer-name">{caption}</strong>
      {isVideo(item) && <small>{ui[formatLabelKey(item)]}</small>}
    </Caption>
  );
}
