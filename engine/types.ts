import type { FromSchema } from 'json-schema-to-ts';
import type { manifestSchema } from './schema.ts';

/** What content staff write: the manifest as the schema describes it (optional keys stay optional). */
export type LocalizedManifestInput = FromSchema<typeof manifestSchema>;

/** The schema with every visitor text a plain string: the manifest read in one language (`localize.ts`). */
type OneLanguageSchema = Omit<typeof manifestSchema, 'definitions'> & {
  readonly definitions: {
    readonly text: { readonly type: 'string' };
    readonly label: { readonly type: 'string'; readonly minLength: 1 };
  };
};
/**
 * The manifest as expansion reads it: what staff write, with each visitor text taken in one language
 * (optional keys stay optional).
 */
export type ManifestInput = FromSchema<OneLanguageSchema>;
/** How visitors reach the company (`site.contact`). */
export type Contact = NonNullable<ManifestInput['site']['contact']>;
export type PageInput = NonNullable<ManifestInput['pages']>[number];
export type SectionInput = NonNullable<PageInput['sections']>[number];
export type ProductInput = ManifestInput['products'][number];
export type FamilyInput = NonNullable<ManifestInput['families']>[number];
export type SlotInput = ManifestInput['slots'][number];
export type LinkInput = NonNullable<PageInput['back']>;
export type CardInput = Extract<NonNullable<SectionInput['items']>[number], { title: unknown }>;
export type DialogInput = NonNullable<SectionInput['dialog']>;

export type { PageKind } from './kinds.ts';
export type { SectionType } from './sections.ts';
