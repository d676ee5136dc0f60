import type { ComponentType } from 'react';
import { isStaffTool, kindOf, type PageKind } from '../../engine/kinds.ts';
import type { StaffPayload } from '../../engine/shared/staff.ts';

/** A staff tool: its module's default export renders the page from the payload the server put in it. */
export type StaffTool = ComponentType<{ readonly payload: StaffPayload }>;

/**
 * Every staff tool module, by its path from the repository root. Eager: the tools stay in the staff
 * entry's one bundle (a staff page loads one script, and the server preloads nothing more).
 */
const TOOLS: Readonly<Record<string, StaffTool>> = Object.fromEntries(
  Object.entries(import.meta.glob<{ default: StaffTool }>('./tools/*.tsx', { eager: true })).map(([file, mod]) => [
    `site/staff/${file.slice(2)}`,
    mod.default,
  ]),
);

/** The tool the kinds table names for a staff kind. */
export function staffTool(kind: PageKind): StaffTool {
  const file = kindOf(kind).template;
  const tool = isStaffTool(kind) ? TOOLS[file] : undefined;
  if (!tool) throw new Error(`No staff tool module ${file} for page kind '${kind}'.`);
  return tool;
}
