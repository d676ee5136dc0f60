import type { FromSchema } from 'json-schema-to-ts';
import type { manifestSchema } from './schema.ts';

/** What content staff write: the manifest as the schema describes it (optional keys stay optional). */
export type ManifestInput = FromSchema<typeof manifestSchema>;
/** How visitors reach the company (`site.contact`). */
export type Contact = NonNullable<ManifestInput['site']['contact']>;
export type PageInput = NonNullable<ManifestInput['pages']>[number];
export type SectionInput = NonNullable<PageInput['sections']>[number];
export type ProductInput = ManifestInput['products'][number];
export type FamilyInput = NonNullable<ManifestInput['families']>[number];
export type SlotInput = ManifestInput['slots'][number];
export type LinkInput = NonNullable<PageInput['back']>;
export type CardInput = Exclude<NonNullable<SectionInput['items']>[number], string>;
export type DialogInput = NonNullable<SectionInput['dialog']>;

export type { PageKind } from './kinds.ts';
export type { SectionType } from './sections.ts';
