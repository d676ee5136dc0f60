import type { ComponentType } from 'react';
import { isVisitorKind, kindOf, type PageKind } from '../../engine/kinds.ts';

type Module = { default: ComponentType };

/** Every template module, each its own lazily loaded chunk, by its path from the repository root. */
const MODULES: Readonly<Record<string, () => Promise<Module>>> = Object.fromEntries(
  Object.entries(import.meta.glob<Module>('./*.tsx')).map(([file, load]) => [`site/templates/${file.slice(2)}`, load]),
);

const loaded = new Map<PageKind, ComponentType>();

/**
 * Loads the template the kinds table names for a kind (staff kinds have none here: the visitor app
 * renders nothing for them).
 */
export async function loadTemplate(kind: PageKind): Promise<ComponentType | null> {
  if (!isVisitorKind(kind)) return null;
  const done = loaded.get(kind);
  if (done) return done;
  const file = kindOf(kind).template;
  const load = MODULES[file];
  if (!load) throw new Error(`No template module ${file} for page kind '${kind}'.`);
  const mod = await load();
  loaded.set(kind, mod.default);
  return mod.default;
}

/** The template of a kind, once `loadTemplate` has loaded it. */
export const getTemplate = (kind: PageKind): ComponentType | undefined => loaded.get(kind);
