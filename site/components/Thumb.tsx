import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ImgHTMLAttributes } from 'react';
import { IMAGE_FALLBACKS_ATTR, IMAGE_ON_FAIL_ATTR } from '../../engine/shared/islands.ts';
import { useInIsland } from '../app/context.ts';
import { styled } from '../styles/stitches.ts';

const Placeholder = styled('span', {
  display: 'block',
  width: '100%',
  height: '100%',
  minHeight: '80px',
  backgroundColor: '$placeholder',
});

/** Appends a cache-busting time stamp to a URL (the one retry of a failing image). */
export const withStamp = (url: string, stamp: number): string => `${url}${url.includes('?') ? '&' : '?'}t=${stamp}`;

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onError'>;

interface Props extends ImgProps {
  /** Sources in order of preference; empty entries are skipped. */
  readonly sources: readonly (string | undefined)[];
  readonly alt: string;
  /** What shows when every source failed: nothing (video tiles) or the grey placeholder (photos). */
  readonly onFail: 'hide' | 'placeholder';
  /** Responsive candidates of the first source (dropped once it fails, so the chain goes on). */
  readonly srcSet?: string | undefined;
  readonly sizes?: string | undefined;
  /** The LQIP (a data URI) painted under the image until it arrives. */
  readonly lqip?: string | undefined;
}

interface Stage {
  readonly i: number;
  readonly stamp: number;
}

const noSubscription = () => () => undefined;
/** True on the server and in the render that hydrates its HTML, false in a render of the browser's own. */
const useHydrating = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );

/**
 * An image with the spec's fallback chain: each source is retried once with a time stamp, then the
 * next source is tried, then the image hides or turns into the grey placeholder. In an island React
 * does it; in the static page the boot script does, from the attributes written here. React listens
 * for a hydrated <img>'s `error` only from hydration on (it does not set its src again), so a hydrated
 * image found broken on mount (it failed before) goes down the chain from there.
 */
export function Thumb({ sources, alt, onFail, srcSet, sizes, lqip, ...img }: Props) {
  const inIsland = useInIsland();
  const list = sources.filter((s): s is string => Boolean(s));
  const [stage, setStage] = useState<Stage>({ i: 0, stamp: 0 });
  // One failure of a stage moves the chain on once (the mount check and `error` may both see it).
  const failAt = useCallback((at: Stage) => {
    setStage((s) =>
      s.i !== at.i || s.stamp !== at.stamp
        ? s
        : s.stamp === 0
          ? { i: s.i, stamp: Date.now() }
          : { i: s.i + 1, stamp: 0 },
    );
  }, []);
  const fail = () => failAt(stage);
  const ref = useRef<HTMLImageElement>(null);
  // Rendered first over the server's HTML: its image may have failed before React listened.
  const hydrated = useRef(useHydrating()).current;
  useEffect(() => {
    const el = ref.current;
    if (hydrated && el?.complete && el.naturalWidth === 0) failAt({ i: 0, stamp: 0 });
  }, [hydrated, failAt]);
  const base = list[stage.i];
  if (base === undefined) {
    if (onFail === 'hide') return null;
    // Like the image it stands for: named when it has a text, else hidden from screen readers.
    return alt ? <Placeholder role="img" aria-label={alt} /> : <Placeholder aria-hidden="true" />;
  }
  const src = stage.stamp ? withStamp(base, stage.stamp) : base;
  const responsive = srcSet && stage.i === 0 && stage.stamp === 0 ? { srcSet, sizes } : {};
  const style = lqip
    ? { backgroundImage: `url("${lqip}")`, backgroundSize: 'cover', backgroundPosition: 'center', ...img.style }
    : img.style;
  if (!inIsland) {
    const chain = { [IMAGE_FALLBACKS_ATTR]: list.slice(1).join(' ') || undefined, [IMAGE_ON_FAIL_ATTR]: onFail };
    return <img {...responsive} src={src} alt={alt} {...chain} {...img} style={style} />;
  }
  return <img ref={ref} {...responsive} src={src} alt={alt} onError={fail} {...img} style={style} />;
}
