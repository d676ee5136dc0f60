import { Share2 } from 'lucide-react';
import { useUi } from '../app/context.ts';
import { share } from './share.ts';
import { ToolButton } from './tools.ts';

/** 'Share' the address in the location bar (the slide's own, which the grid keeps there). */
export function ShareButton({ title }: { readonly title: string }) {
  const ui = useUi();
  return (
    <ToolButton
      type="button"
      aria-label={ui['share']}
      data-testid="viewer-share"
      onClick={() => void share(title, ui['linkCopied'] ?? '')}
    >
      <Share2 size={18} aria-hidden="true" />
      <span>{ui['share']}</span>
    </ToolButton>
  );
}
