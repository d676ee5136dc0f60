import type { ComponentType } from 'react';
import { sectionOf, type SectionType } from '../../engine/sections.ts';
import type { SectionProps } from './types.ts';

type Module = { default: ComponentType<SectionProps> };

/**
 * Every section module, by its path from the repository root. Sections render on the server only
 * (inside templates, which are loaded per kind), so the modules load with this one.
 */
const MODULES: Readonly<Record<string, Module>> = Object.fromEntries(
  Object.entries(import.meta.glob<Module>(['./*.tsx', '!./index.tsx'], { eager: true })).map(([file, mod]) => [
    `site/sections/${file.slice(2)}`,
    mod,
  ]),
);

/** The component the sections table names for a section type. */
export function sectionComponent(type: SectionType): ComponentType<SectionProps> {
  const file = sectionOf(type).component;
  const mod = MODULES[file];
  if (!mod?.default) throw new Error(`No section module ${file} for section type '${type}'.`);
  return mod.default;
}
