import { X } from 'lucide-react';
import { useUi } from '../app/context.ts';
import { IconButton } from '../components/controls.tsx';
import { RefreshButton } from '../components/RefreshButton.tsx';
import { styled } from '../styles/stitches.ts';
import { HEAD_STYLE } from './styles.ts';

const Head = styled('div', HEAD_STYLE);

interface Props {
  readonly title: string;
  /** Refresh, when there are items to refresh (null: none). */
  readonly refresh: { readonly refreshing: boolean; readonly disabled: boolean; readonly run: () => void } | null;
  readonly onClose: () => void;
}

/** The dialog's head: its title (which names the dialog), Refresh and Close. */
export function DialogHead({ title, refresh, onClose }: Props) {
  const ui = useUi();
  return (
    <Head>
      <h2 id="gallery-dialog-title">{title}</h2>
      {refresh && <RefreshButton refreshing={refresh.refreshing} disabled={refresh.disabled} onClick={refresh.run} />}
      <IconButton type="button" aria-label={ui['close']} onClick={onClose}>
        <X size={20} aria-hidden="true" />
      </IconButton>
    </Head>
  );
}
