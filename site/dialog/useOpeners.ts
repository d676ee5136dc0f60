import { useEffect, useRef, type RefObject } from 'react';
import { AWAIT_ISLAND_ATTR, CLICKED_ATTR } from '../../engine/shared/islands.ts';

/**
 * What opens the dialog besides its button: the elements whose `data-opens-dialog` is `trigger` (a
 * product intro's picture), and a click on any of them, or on the button, that came before the island
 * was live (the boot script kept it): carried out once the island is.
 */
export function useOpeners(
  trigger: string | undefined,
  button: RefObject<HTMLElement | null>,
  show: (event?: Event) => void,
  preload: () => void,
): void {
  const showRef = useRef(show);
  showRef.current = show;
  useEffect(() => {
    const others = trigger
      ? [...document.querySelectorAll<HTMLElement>(`[data-opens-dialog="${CSS.escape(trigger)}"]`)]
      : [];
    const clicked = [button.current, ...others].find((el) => el?.hasAttribute(CLICKED_ATTR));
    if (clicked) {
      clicked.removeAttribute(CLICKED_ATTR);
      clicked.focus();
      showRef.current();
    }
    const onClick = (e: Event) => showRef.current(e);
    for (const el of others) {
      el.removeAttribute(AWAIT_ISLAND_ATTR);
      el.addEventListener('click', onClick);
      el.addEventListener('pointerenter', preload, { once: true });
    }
    return () => others.forEach((el) => el.removeEventListener('click', onClick));
  }, [trigger]);
}
