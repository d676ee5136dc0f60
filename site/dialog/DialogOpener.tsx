import { Images } from 'lucide-react';
import type { MouseEvent, RefObject } from 'react';
import { AWAIT_ISLAND_ATTR } from '../../engine/shared/islands.ts';
import { Button, ButtonLink } from '../components/ui.tsx';

interface Props {
  readonly label: string;
  readonly variant: 'primary' | 'outline' | 'accent' | 'light';
  /** The gallery page of the same folder: the button is a link there until the island is live. */
  readonly href?: string | undefined;
  readonly live: boolean;
  readonly button: RefObject<HTMLElement | null>;
  readonly show: (event?: MouseEvent) => void;
  /** Loads the dialog's code when the visitor comes near the button. */
  readonly preload: () => void;
}

/**
 * The button that opens the dialog: a link to the gallery page when there is one (React handles its
 * clicks only once the island has hydrated: from then on the link opens the dialog), else a button
 * that waits for the island.
 */
export function DialogOpener({ label, variant, href, live, button, show, preload }: Props) {
  const content = (
    <>
      <Images size={18} aria-hidden="true" />
      {label}
    </>
  );
  const common = { 'aria-haspopup': 'dialog' as const, onPointerEnter: preload, onFocus: preload };
  return href ? (
    <ButtonLink ref={button as never} variant={variant} href={href} {...common} onClick={(e: MouseEvent) => show(e)}>
      {content}
    </ButtonLink>
  ) : (
    // Not `disabled` before it is live: the boot script keeps a click on it for the island.
    <Button
      ref={button as never}
      type="button"
      variant={variant}
      aria-disabled={live ? undefined : true}
      {...{ [AWAIT_ISLAND_ATTR]: live ? undefined : '' }}
      {...common}
      onClick={() => show()}
    >
      {content}
    </Button>
  );
}
