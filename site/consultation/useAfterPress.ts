import { useEffect, useRef } from 'react';

/**
 * Runs a mark at once, or, while a mouse button is down, once that press's click is over. A message
 * that appears when a field is left by pressing another control pushes that control down between the
 * press and the release, and the click (Submit, a checkbox) is lost.
 */
export function useAfterPress(): (mark: () => void) => void {
  const pressed = useRef(false);
  const waiting = useRef<(() => void)[]>([]);
  useEffect(() => {
    const down = (): void => {
      pressed.current = true;
    };
    const up = (): void => {
      setTimeout(() => {
        pressed.current = false;
        for (const mark of waiting.current.splice(0)) mark();
      });
    };
    window.addEventListener('mousedown', down, true);
    window.addEventListener('mouseup', up, true);
    return () => {
      window.removeEventListener('mousedown', down, true);
      window.removeEventListener('mouseup', up, true);
    };
  }, []);
  return (mark) => {
    if (pressed.current) waiting.current.push(mark);
    else mark();
  };
}
