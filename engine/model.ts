import type { CompiledMessage } from './messages.ts';
import type { DRAWINGS } from './schema.ts';
import type { Texts, UiTexts } from './texts.ts';
import type { IconName } from './shared/icons.ts';
import type { CardInput, Contact, DialogInput, LinkInput, PageKind, SectionType } from './types.ts';

/**
 * The resolved Catalogue: what the engine returns from a valid manifest. Readonly and fully
 * defaulted: templates expanded, families flattened, page defaults merged, references checked.
 */
export interface Catalogue {
  readonly site: Site;
  /** Shared UI texts (buttons, viewer labels, notices), by key. */
  readonly ui: UiTexts;
  readonly figures: Readonly<Record<string, Figure>>;
  /** The route table, in manifest order (families where they are declared, then pages). */
  readonly pages: readonly Page[];
  /** The product seed. */
  readonly products: readonly Product[];
  /** The Drive folder checklist: every folder path the manifest uses plus its parents, tree order. */
  readonly folders: readonly Folder[];
  /** Aggregate type -> folder paths it combines. */
  readonly aggregates: Readonly<Record<string, readonly string[]>>;
  readonly slotGroups: readonly string[];
  readonly slots: readonly Slot[];
  readonly sitemap: readonly SitemapEntry[];
  /** The language its texts are in: the default (`languages[0]`), or the one `catalogueIn` read it in. */
  readonly language: string;
  /** The site's languages (`site.languages`), the default first. */
  readonly languages: readonly string[];
  /** The ICU messages among its texts, compiled once (engine/messages.ts; `formatText` uses them). */
  readonly messages: Readonly<Record<string, CompiledMessage>>;
  /** Each further language: the catalogue read in it and what it lacks (engine/translations.ts). */
  readonly translations: Readonly<Record<string, Translation>>;
}

/** A language beside the default: the catalogue read in it, and the texts it lacks, at their places. */
export interface Translation {
  /** Every text in the language, or in the default language where it has none. */
  readonly catalogue: Catalogue;
  /** Shared texts without a value in the language: while any is missing, the language is not published. */
  readonly shared: readonly UntranslatedText[];
  /** Per visitor page id (shared pages and staff tools aside): its own texts without a value in the language. */
  readonly pages: Readonly<Record<string, readonly UntranslatedText[]>>;
  /**
   * Translated texts whose default-language text changed since their translation was reviewed (its
   * review mark differs, engine/review.ts): listed, still published.
   */
  readonly stale: TextsToReview;
  /** Translated texts without a review mark: listed, still published. */
  readonly unreviewed: TextsToReview;
}

/** Texts of a language to review, shared and per visitor page id, as `Translation` groups its missing ones. */
export interface TextsToReview {
  readonly shared: readonly TranslatedText[];
  readonly pages: Readonly<Record<string, readonly TranslatedText[]>>;
}

/** A text without a value in a language: its key in the manifest (`ui.menu`), its place, its default-language text. */
export interface UntranslatedText {
  readonly key: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** The text in the default language, as written (placeholders unfilled). */
  readonly source: string;
}

/** A translated text to review: as an untranslated one, with its translation. */
export interface TranslatedText extends UntranslatedText {
  readonly translation: string;
}

export interface Site {
  readonly name: string;
  readonly baseUrl: string;
  readonly claims: readonly string[];
  readonly nav: readonly NavItem[];
  /** Phone, e-mail, address, hours, service area and the consultation link; absent in small test manifests. */
  readonly contact?: Contact;
  readonly meta: { readonly title: string; readonly description: string; readonly titleTemplate: string };
}

export interface NavItem {
  readonly label: string;
  readonly href: string;
  readonly match: 'exact' | 'prefix';
  /** Further path prefixes on which the item is highlighted. */
  readonly alsoActiveOn: readonly string[];
}

export interface Figure {
  readonly label: string;
  readonly value: string;
}

export type Link = Readonly<LinkInput>;
export type Card = Readonly<CardInput>;
export type Dialog = Readonly<DialogInput>;

export interface Section {
  readonly type: SectionType;
  readonly id?: string;
  readonly heading?: string;
  readonly text?: string;
  readonly product?: string;
  readonly dialog?: Dialog;
  /** `cards` and `media-types`: cards; `list`: strings; `figures`: figure ids; `links`: cards with href. */
  readonly items: readonly (string | Card)[];
  readonly filter?: {
    readonly category?: string;
    readonly subcategory?: string | null;
    readonly excludeTypes?: readonly string[];
    readonly excludeTypeContaining?: readonly string[];
  };
  readonly href?: string;
  readonly button?: string;
  /** product-cards: each card's icon by the product's type, 'default' for the others. */
  readonly icons: Readonly<Record<string, IconName>>;
  readonly texts: Texts;
}

export interface Page {
  /** Unique id (from the manifest, or derived from the path). */
  readonly id: string;
  /** A path, or a pattern with ':param' segments. */
  readonly path: string;
  readonly kind: PageKind;
  readonly heading: string;
  readonly intro?: string;
  readonly breadcrumb: readonly Link[];
  readonly back?: Link;
  readonly meta: { readonly title: string; readonly description: string; readonly canonical: string };
  readonly hero?: { readonly slot?: string; readonly headline?: string; readonly text?: string };
  readonly product?: string;
  /** Folder path of the media this page shows (resolved from `product` when only that is given). */
  readonly folder?: string;
  /** Pattern routes: product type template such as '{type}-{mediaType}'. */
  readonly productType?: string;
  /** Pattern routes: the values each ':param' takes. */
  readonly params: Readonly<Record<string, readonly string[]>>;
  readonly texts: Texts;
  readonly links: readonly Link[];
  readonly sections: readonly Section[];
  /** Listed in the sitemap (false for staff pages and not-found). */
  readonly sitemap: boolean;
  /** A staff tool (from its kind): needs a staff session, never in visitor bundles. */
  readonly staff: boolean;
}

export interface Product {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly features: readonly string[];
  readonly category: string;
  readonly subcategory?: string;
  readonly type?: string;
  /** Media folder path. */
  readonly folder?: string;
  /** Where a card of this product links to. */
  readonly href?: string;
}

export interface Folder {
  /** 'Aluminum Pergolas/Fixed Roof/Attached to Structure'. */
  readonly path: string;
  /** Last path segment. */
  readonly name: string;
  /** Parent path, absent at the top level. */
  readonly parent?: string;
  readonly depth: number;
  /** A fixed Drive folder id, when the manifest gives one. */
  readonly driveId?: string;
  /** What its demo pictures show: its own `drawing`, else the nearest parent's. */
  readonly drawing?: Drawing;
}

/** A product drawing of the generated demo media. */
export type Drawing = (typeof DRAWINGS)[number];

export interface Slot {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  /** The slot's default: the built-in image used while it has no slot image (a site-relative URL). */
  readonly fallback: string;
}

export interface SitemapEntry {
  readonly path: string;
  readonly loc: string;
}
