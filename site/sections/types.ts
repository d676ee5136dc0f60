import type { Section } from '../../engine/index.ts';
import type { Vars } from '../../engine/placeholders.ts';

export interface SectionProps {
  readonly section: Section;
  /** Position on the page (ids, alternating backgrounds, eager images for the first). */
  readonly index: number;
  readonly vars: Vars;
}
