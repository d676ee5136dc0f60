import { Download } from 'lucide-react';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { useUi } from '../app/context.ts';
import { ToolLink } from './tools.ts';

/** 'Download': the item's file under its own name. */
export function DownloadButton({ item }: { readonly item: ApiMediaItem }) {
  const ui = useUi();
  return (
    <ToolLink href={item.downloadUrl} download={item.name} aria-label={ui['download']}>
      <Download size={18} aria-hidden="true" />
      <span>{ui['download']}</span>
    </ToolLink>
  );
}
