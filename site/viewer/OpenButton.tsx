import { ExternalLink } from 'lucide-react';
import type { ApiMediaItem } from '../../engine/shared/api.ts';
import { useUi } from '../app/context.ts';
import { ToolLink } from './tools.ts';

/** 'Open in new tab': the item's file on its own. */
export function OpenButton({ item }: { readonly item: ApiMediaItem }) {
  const ui = useUi();
  return (
    <ToolLink href={item.url} target="_blank" rel="noopener" aria-label={ui['openInNewTab']}>
      <ExternalLink size={18} aria-hidden="true" />
      <span>{ui['openInNewTab']}</span>
    </ToolLink>
  );
}
