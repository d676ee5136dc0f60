import type { Catalogue } from '../model.ts';
import { kindOf } from '../kinds.ts';
import { isPattern } from '../routes.ts';
import type { Shell } from './page.ts';

/** The shell of a catalogue. */
export function shellOf(c: Catalogue): Shell {
  const galleries: Record<string, string> = {};
  for (const p of c.pages)
    if (p.folder !== undefined && !isPattern(p.path) && kindOf(p.kind).gallery?.source === 'folder')
      galleries[p.folder] ??= p.path;
  return {
    language: c.language,
    home: c.language === c.languages[0] ? '/' : `/${c.language}`,
    site: c.site,
    ui: c.ui,
    messages: c.messages,
    figures: c.figures,
    slots: Object.fromEntries(c.slots.map((s) => [s.id, s.fallback])),
    galleries,
    productFolders: Object.fromEntries(c.products.flatMap((p) => (p.folder === undefined ? [] : [[p.id, p.folder]]))),
  };
}
