import { Spinner, StatusBox } from './ui.tsx';

/** A page's loading state: spinner and the page's loading text. */
export function Loading({ text }: { readonly text: string | undefined }) {
  return (
    <StatusBox role="status" aria-live="polite">
      <Spinner aria-hidden="true" />
      {text && <p>{text}</p>}
    </StatusBox>
  );
}
