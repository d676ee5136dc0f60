import { useUi } from '../app/context.ts';
import { Button, StatusBox } from '../components/ui.tsx';

interface Props {
  /** The listing (or the lookup of its source) failed: an error, not "empty". */
  readonly failed: boolean;
  readonly retry: () => void;
  readonly disabled: boolean;
  readonly busy: boolean;
}

/** Nothing to show: the error or the empty text, and Try Again. */
export function DialogStatus({ failed, retry, disabled, busy }: Props) {
  const ui = useUi();
  return (
    <StatusBox role={failed ? 'alert' : 'status'} data-testid={failed ? 'dialog-error' : 'dialog-empty'}>
      <h3>{failed ? ui['dialogError'] : ui['dialogEmptyTitle']}</h3>
      {!failed && <p>{ui['dialogEmptyBody']}</p>}
      <Button type="button" onClick={retry} disabled={disabled} aria-busy={busy}>
        {ui['tryAgain']}
      </Button>
    </StatusBox>
  );
}
