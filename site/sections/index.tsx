import type { Section } from '../../engine/index.ts';
import type { Vars } from '../../engine/placeholders.ts';
import { sectionComponent } from './registry.ts';

/** A page's sections in manifest order; `offset` shifts the alternating backgrounds. */
export function Sections({
  sections,
  vars,
  offset = 0,
}: {
  sections: readonly Section[];
  vars: Vars;
  offset?: number;
}) {
  return (
    <>
      {sections.map((section, i) => {
        // The component the sections table names for the section's type.
        const View = sectionComponent(section.type);
        return <View key={section.id ?? `${section.type}-${i}`} section={section} index={i + offset} vars={vars} />;
      })}
    </>
  );
}
