/**
 * The JSON Schema of the manifest, written `as const` so that the manifest's TypeScript types are
 * inferred from it (see `types.ts`). `npm run generate` writes it to `manifest/catalogue.schema.json`
 * for editors; a test keeps the two identical.
 */

import { PAGE_KINDS } from './kinds.ts';
import { SECTION_TYPES } from './sections.ts';
import { ICON_NAMES } from './shared/icons.ts';
import { SITE_ADDRESS } from './shared/site-address.ts';
import {
  ADD_MEMBER_TEXT,
  INTEREST_TEXT,
  TEXT_KEYS,
  UI_KEYS,
  UNTRANSLATED_TEXTS,
  type TextKey,
  type UiKey,
} from './texts.ts';

export { PAGE_KINDS, SECTION_TYPES };

const str = { type: 'string', minLength: 1 } as const;
const strList = { type: 'array', items: str } as const;

/** A code of `site.languages`: 'en', 'es', 'pt-BR'. */
export const LANGUAGE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** The key beside a text's values that keeps, per language, the review mark of its translation. */
export const REVIEWED = 'reviewed';

/** A review mark: the first 8 hex digits of the SHA-256 of the default-language text (engine/review.ts). */
export const REVIEW_MARK = /^[0-9a-f]{8}$/;

/**
 * A text's value per language code of `site.languages`, and beside them (`reviewed`), per further
 * language, the review mark of the default-language text its translation was last reviewed against.
 */
export const perLanguage = {
  type: 'object',
  minProperties: 1,
  propertyNames: { pattern: `^(?:${REVIEWED}|${LANGUAGE.source.slice(1, -1)})$` },
  properties: {
    [REVIEWED]: {
      type: 'object',
      description:
        'Per language, the first 8 hex digits of the SHA-256 of the default-language text its translation was reviewed against (npm run translations -- --mark-current).',
      // Any key: one that is not a further language is the checker's located ReviewedLanguage, with its hint.
      additionalProperties: { type: 'string' },
    },
  },
  additionalProperties: { type: 'string' },
} as const;

/**
 * What a visitor reads: a text in the default language, or its value per language
 * (`{ en: Pergolas, es: Pérgolas }`). Every visitor text of the schema refers to one of these
 * definitions, so the rule is written once; settings (paths, ids, folders, mail addresses) are plain.
 */
const localizedDefinitions = {
  text: {
    description:
      'A text visitors read: a plain text (the default language) or one value per language, e.g. { en: Pergolas, es: Pérgolas }.',
    anyOf: [{ type: 'string' }, perLanguage],
  },
  label: {
    description: 'A text visitors read, not empty: a plain text (the default language) or one value per language.',
    anyOf: [str, perLanguage],
  },
} as const;

/** A visitor text (see `localizedDefinitions`), with the description of its key. */
const text = <const D extends string>(description: D) => ({ $ref: '#/definitions/text', description }) as const;
/** A visitor text that may not be empty. */
const label = <const D extends string>(description: D) => ({ $ref: '#/definitions/label', description }) as const;
const labelList = { type: 'array', items: { $ref: '#/definitions/label' } } as const;
const id = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' } as const;
const path = { type: 'string', pattern: '^/' } as const;
const texts = {
  type: 'object',
  description: 'Texts of a page or block, by role (loading, error, emptyTitle, emptyBody, count, ...).',
  propertyNames: {
    anyOf: [
      { enum: [...new Set(TEXT_KEYS)] as TextKey[] },
      { pattern: INTEREST_TEXT.source },
      { pattern: ADD_MEMBER_TEXT.source },
    ],
  },
  properties: Object.fromEntries(
    UNTRANSLATED_TEXTS.map((k) => [
      k,
      { type: 'string', description: `'${k}': a setting or a text for staff, in one language (never translated).` },
    ]),
  ) as Record<(typeof UNTRANSLATED_TEXTS)[number], { readonly type: 'string'; readonly description: string }>,
  additionalProperties: { $ref: '#/definitions/text' },
} as const;

/** The product drawings of the generated demo media (scripts/demo-media.ts). */
export const DRAWINGS = ['pergola', 'awning', 'screen', 'shade', 'blind'] as const;

const link = {
  type: 'object',
  description: 'A link: its text, and the site path it leads to (none for the last breadcrumb, the page itself).',
  additionalProperties: false,
  required: ['label'],
  properties: {
    label: { ...label('The text shown.'), examples: ['Aluminum Pergolas'] },
    href: { ...path, description: 'The site path it leads to.', examples: ['/aluminum-pergolas'] },
  },
  examples: [{ label: 'Home', href: '/' }],
} as const;

const dialog = {
  type: 'object',
  description: 'A gallery dialog: its title and the media it shows (a product, a folder or an aggregate).',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: label('The title of the dialog.'),
    button: label('The text of the button that opens it.'),
    product: { type: 'string', description: 'Show the media of this product.' },
    folder: { type: 'string', description: 'Show the media of this folder (path).' },
    aggregate: { type: 'string', description: 'Show the combined media of this aggregate type.' },
  },
} as const;

const card = {
  type: 'object',
  description: 'A card of a cards or media-types section (or an item of a list, a further button of a product intro).',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: label('The heading of the card.'),
    text: text('The text under the heading.'),
    icon: {
      type: 'string',
      enum: ICON_NAMES,
      description: 'The icon of the card.',
      examples: ['sun', 'shield', 'wind'],
    },
    slot: { type: 'string', description: 'The slot whose image the card shows (declared under slots).' },
    bullets: { ...labelList, description: 'Bullet points of the card.' },
    href: { ...path, description: 'Where the card links to.' },
    button: label('The text of the card button.'),
    links: {
      type: 'array',
      items: link,
      description: 'Further buttons of the card, after the one of href (View Photo Gallery, View Video Gallery).',
    },
    swatch: {
      type: 'string',
      pattern: '^#[0-9a-fA-F]{6}$',
      description: 'list: the colour shown as a swatch beside the title (a colour palette).',
      examples: ['#f4f4f0'],
    },
    dialog,
    product: { type: 'string', description: 'Take text and features from this product.' },
    media: { type: 'string', enum: ['images', 'videos'], description: 'Show the item count of this media type.' },
  },
} as const;

const section = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: {
    type: { type: 'string', enum: SECTION_TYPES, description: 'What the section shows; picks its layout.' },
    id: { ...id, description: 'An anchor for links to the section (#id).' },
    heading: text('The heading of the section.'),
    text: text('A paragraph under the heading.'),
    product: { type: 'string', description: 'product-intro: the product shown.' },
    dialog,
    items: {
      description:
        'cards/media-types: card objects; list: strings, or cards with a swatch; figures: figure ids; links: links; product-intro: further buttons (cards with a dialog or href).',
      type: 'array',
      items: { anyOf: [str, perLanguage, card] },
    },
    filter: {
      type: 'object',
      description: 'product-cards: which products are shown.',
      additionalProperties: false,
      properties: {
        category: { ...str, description: 'Products of this category.' },
        subcategory: { type: ['string', 'null'], description: 'Products of this subcategory (null: without one).' },
        excludeTypes: { ...strList, description: 'Leave out products of these types.' },
        excludeTypeContaining: { ...strList, description: 'Leave out products whose type contains one of these.' },
      },
    },
    href: { type: 'string', description: "product-cards: link pattern, e.g. '/screens/motorized-screens/{type}'." },
    button: label('The text of the section button.'),
    icons: {
      type: 'object',
      description: "product-cards: each card's icon, by the product's type; 'default' for the others.",
      additionalProperties: { type: 'string', enum: ICON_NAMES },
      examples: [{ 'covered-porches': 'porch', default: 'screen' }],
    },
    texts,
  },
} as const;

const params = {
  type: 'object',
  description: 'Values of the :params of a pattern route, for the sitemap and tests.',
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    properties: {
      family: { ...id, description: "The family whose members give the values (with 'var')." },
      var: { ...str, description: "The member variable that gives the values (default 'slug')." },
      values: { ...strList, description: 'The values, listed.' },
    },
  },
} as const;

const page = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'kind'],
  properties: {
    id: { ...id, description: 'A name for the page (family pages: what `without` names).', examples: ['gallery'] },
    path: {
      type: 'string',
      pattern: '^/',
      description: "Route path; ':name' segments make a pattern route.",
      examples: ['/pergola-pool-side'],
    },
    aliases: { type: 'array', items: path, description: 'Further paths that show the same page (canonical: path).' },
    kind: { type: 'string', enum: PAGE_KINDS, description: 'The page template: what the page shows and how.' },
    heading: text('The main heading (h1) of the page.'),
    intro: text('The paragraph under the heading (also the default meta description).'),
    breadcrumb: { type: 'array', items: link, description: 'The breadcrumb trail, from Home to this page.' },
    back: { ...link, description: "The 'Back to ...' link above the heading." },
    meta: {
      type: 'object',
      description: 'What search engines and link previews show.',
      additionalProperties: false,
      properties: {
        title: label('The title in the browser tab (default: the heading).'),
        description: label('The search result text (default: the intro).'),
        canonical: { ...path, description: 'The path search engines should index instead.' },
      },
    },
    hero: {
      type: 'object',
      description: 'The big image at the top of the page.',
      additionalProperties: false,
      properties: {
        slot: { ...str, description: 'The slot whose image is shown (declared under slots).' },
        headline: label('The text over the image.'),
        text: label('The smaller text under the headline.'),
      },
    },
    product: { type: 'string', description: 'The product whose media or text this page shows.' },
    folder: { type: 'string', description: 'The media folder this page shows (path).' },
    productType: { type: 'string', description: 'Pattern routes: the product type template, e.g. {type}-{mediaType}.' },
    params,
    texts,
    links: { type: 'array', items: link, description: 'Buttons to related pages (View Images, View Videos).' },
    sections: { type: 'array', items: section, description: 'The blocks of the page, top to bottom.' },
    sitemap: { type: 'boolean', description: 'Listed in sitemap.xml (default: yes, except staff and not-found).' },
  },
} as const;

const product = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'category'],
  properties: {
    id: { ...id, description: 'The product id (API, image manager).', examples: ['pergola-pool-side'] },
    name: label('The product name on cards and pages.'),
    description: text('One or two sentences for the product card.'),
    features: { ...labelList, description: 'Bullet points: a list, one feature per item.' },
    category: { ...str, description: 'The category page the product belongs to.', examples: ['aluminum-pergolas'] },
    subcategory: { ...str, description: 'The section of the category page it appears in.' },
    type: { ...str, description: 'The product type (links, media pages).' },
    folder: { type: 'string', description: 'Media folder path, declared under folders.' },
    href: { ...path, description: 'Where a card of this product links to.' },
  },
} as const;

const folder = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  description: 'A media folder, by its path in the Drive tree (its parents are added to the checklist).',
  properties: {
    path: {
      type: 'string',
      pattern: '^[^/].*[^/]$|^[^/]$',
      description: "The folder's path under the Drive root folder, no leading or trailing '/'.",
      examples: ['Aluminum Pergolas/Pool Side/Images'],
    },
    driveId: {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,128}$',
      description: 'A fixed Drive folder id (the part after /folders/ in its URL); otherwise found by path.',
    },
    drawing: {
      type: 'string',
      enum: DRAWINGS,
      description:
        "What the generated demo pictures of this folder and the folders under it show (a folder without one takes its parent's).",
    },
  },
} as const;

const slot = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'label', 'group', 'fallback'],
  description: 'A slot: a place on the site whose image staff can change in the image manager.',
  properties: {
    id: { ...id, description: 'The slot id.', examples: ['homepage-hero'] },
    label: { ...str, description: 'The name shown in the image manager.' },
    group: { ...str, description: 'The image manager group (see slotGroups).' },
    fallback: {
      ...str,
      description: 'The built-in image shown until one is uploaded.',
      examples: ['/defaults/hero.jpg'],
    },
  },
} as const;

const templateProduct = {
  ...product,
  required: ['id', 'name', 'category'],
  properties: {
    ...product.properties,
    features: {
      anyOf: [labelList, { $ref: '#/definitions/label' }],
      description: "Bullet points, or '{features}' to take the member's list.",
    },
    id: { ...str, description: "The product id, e.g. 'pergola-{slug}'." },
    href: { ...str, description: "Where its card links to, e.g. '/pergola-{slug}'." },
  },
} as const;

/**
 * The keys a family member may set beyond its family's own variables (completion and hovers in the
 * editor). A member key that neither these nor the family's templates use is reported by the engine.
 */
export const MEMBER_KEYS = {
  slug: {
    ...id,
    description: "The member's id in URLs, product ids and slots: lower case letters, digits and '-'.",
    examples: ['pool-side'],
  },
  name: { ...label('The name shown in headings, cards and breadcrumbs.'), examples: ['Pool Side Pergolas'] },
  without: {
    ...strList,
    description: 'Ids of the family pages or products this member does not have.',
    examples: [['gallery'], ['page']],
  },
  folder: {
    type: 'string',
    description: 'Media folder path of the member (the family adds /Images or /Videos where it uses them).',
    examples: ['Aluminum Pergolas/Pool Side'],
  },
  description: text('One or two sentences for the product card and the page intro.'),
  features: {
    ...labelList,
    description: 'Bullet points of the product: a list, one feature per item.',
    examples: [['Salt-air finish', 'Louvers rotate 0-90 degrees']],
  },
  subcategory: {
    type: 'string',
    description: 'Subcategory of the product (the section of the category page it appears in).',
    examples: ['louvered-roof', 'blinds'],
  },
  type: { type: 'string', description: 'Product type (used in links and media pages).', examples: ['pool-side'] },
  href: { type: 'string', description: "Where the member's product card links to.", examples: ['/blackout-shades'] },
} as const;

const family = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'members'],
  description: 'A repeated shape declared once: its templates are filled for each member.',
  properties: {
    id: { ...id, description: 'The family id.', examples: ['pergola-variants'] },
    description: { type: 'string', description: 'What the family is (for people reading the manifest).' },
    vars: {
      type: 'object',
      description: "Default values of member variables; they may use other variables, e.g. '{name} - Videos'.",
      additionalProperties: { $ref: '#/definitions/text' },
    },
    folders: { type: 'array', items: str, description: "Folder paths of each member, e.g. '{folder}/Images'." },
    products: { type: 'array', items: templateProduct, description: 'Products of each member ({variables} filled).' },
    pages: { type: 'array', items: page, description: 'Pages of each member ({variables} filled).' },
    slots: {
      type: 'array',
      items: {
        ...slot,
        properties: { ...slot.properties, id: { ...str, description: "The slot id, e.g. 'screen-{slug}'." } },
      },
      description: 'Slots of each member.',
    },
    members: {
      type: 'array',
      minItems: 1,
      description: 'One entry per member: its slug, its name and what differs (the keys its templates use).',
      items: {
        type: 'object',
        description: 'A member: slug, name, and the variables the family templates use ({folder}, {description}, ...).',
        required: ['slug', 'name'],
        properties: MEMBER_KEYS,
        additionalProperties: { anyOf: [{ $ref: '#/definitions/text' }, labelList] },
      },
    },
  },
} as const;

const navItem = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'href'],
  description: 'A main navigation item.',
  properties: {
    label: label('The text in the menu.'),
    href: { ...path, description: 'The page it opens.' },
    match: {
      type: 'string',
      enum: ['exact', 'prefix'],
      description:
        "When it is highlighted: on exactly this path, or on every path under it (default: 'prefix', '/' exact).",
    },
    alsoActiveOn: { type: 'array', items: path, description: 'Further path prefixes on which it is highlighted.' },
  },
} as const;

/** How visitors reach the company: the header's call button, the footer's contact block, the call to action. */
const contact = {
  type: 'object',
  description: "How visitors reach the company: shown in the header (call), the footer and the site's structured data.",
  additionalProperties: false,
  required: ['phone', 'email', 'address', 'hours', 'serviceArea', 'consultationHref'],
  properties: {
    phone: {
      type: 'string',
      minLength: 1,
      description: "The phone number as printed ('+1 (954) 555-0142'); the tel: link keeps its digits and '+'.",
    },
    email: {
      type: 'string',
      pattern: '^[^@\\s]+@[^@\\s]+$',
      description: 'The e-mail address visitors write to (a mailto: link).',
    },
    address: {
      type: 'object',
      description: 'The postal address of the showroom or office.',
      additionalProperties: false,
      required: ['street', 'city', 'region', 'postalCode', 'country'],
      properties: {
        street: { type: 'string', minLength: 1, description: 'Street and number (and suite).' },
        city: { type: 'string', minLength: 1, description: 'Town or city.' },
        region: { type: 'string', minLength: 1, description: 'State or region code, e.g. FL.' },
        postalCode: { type: 'string', minLength: 1, description: 'Postal or ZIP code.' },
        country: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166 two-letter country code.' },
      },
    },
    hours: {
      type: 'array',
      minItems: 1,
      description: 'Opening hours, one row per group of days.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['days', 'opens', 'closes', 'dayCodes'],
        properties: {
          days: label("The days as visitors read them ('Monday - Friday')."),
          opens: { type: 'string', pattern: '^[0-2][0-9]:[0-5][0-9]$', description: '24-hour time, HH:MM.' },
          closes: { type: 'string', pattern: '^[0-2][0-9]:[0-5][0-9]$', description: '24-hour time, HH:MM.' },
          dayCodes: {
            type: 'array',
            minItems: 1,
            description: 'The same days as schema.org day codes (structured data).',
            items: { enum: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] },
          },
        },
      },
    },
    serviceArea: {
      type: 'array',
      minItems: 1,
      items: { $ref: '#/definitions/label' },
      description: 'Places the company serves (counties, cities).',
    },
    consultationHref: {
      type: 'string',
      pattern: '^/',
      description: "Where 'Book a free in-home consultation' leads (a site path).",
    },
  },
} as const;

export const manifestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://shade-catalogue.local/catalogue.schema.json',
  title: 'Catalogue manifest',
  type: 'object',
  additionalProperties: false,
  required: ['site', 'ui', 'folders', 'products', 'slots', 'pages'],
  definitions: localizedDefinitions,
  properties: {
    site: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'baseUrl', 'claims', 'nav', 'meta'],
      description: 'The site: name, address, marketing claims, main navigation, default meta.',
      properties: {
        name: { ...str, description: 'The company name (header, footer, titles).' },
        baseUrl: {
          type: 'string',
          // Checked by `isSiteAddress` (engine/shared/site-address.ts): what a URL parser accepts, no path.
          format: SITE_ADDRESS,
          description: 'The public address of the site (sitemap, canonical links), no trailing /.',
          examples: ['https://www.example.com'],
        },
        languages: {
          type: 'array',
          minItems: 1,
          uniqueItems: true,
          items: { type: 'string', pattern: LANGUAGE.source },
          description:
            "The site's languages, as codes ('en', 'es'); the first is the default and keeps the plain paths (default: [en]).",
          examples: [['en', 'es']],
        },
        claims: { ...labelList, description: 'Marketing claims shown on the site.' },
        nav: { type: 'array', minItems: 1, items: navItem, description: 'The main navigation, in order.' },
        contact,
        meta: {
          type: 'object',
          description: 'Defaults for every page: title, description, and the title template.',
          additionalProperties: false,
          required: ['title', 'description'],
          properties: {
            title: label('The default page title.'),
            description: label('The default search result text.'),
            titleTemplate: label("How page titles are made, e.g. '{title} | Company'."),
          },
        },
      },
    },
    ui: {
      type: 'object',
      description: 'Texts shared by every page: buttons, viewer labels, notices.',
      additionalProperties: false,
      properties: Object.fromEntries(
        UI_KEYS.map((k) => [k, text(`The shared text '${k}' (a label, button or notice).`)]),
      ) as Record<UiKey, { readonly $ref: '#/definitions/text'; readonly description: string }>,
    },
    figures: {
      type: 'object',
      description: 'Marketing figures by id (label and value), shown by figures sections.',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'value'],
        properties: {
          label: { ...label('What the figure counts.'), examples: ['Years in business'] },
          value: { ...label('The figure as shown.'), examples: ['25+'] },
        },
      },
    },
    folders: { type: 'array', items: folder, description: 'The media folders pages and products use.' },
    aggregates: {
      type: 'object',
      description: 'Combined media of several folders, by aggregate type: every folder under a path.',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['under'],
        properties: { under: { ...str, description: 'Every leaf folder under this path belongs to the aggregate.' } },
      },
    },
    products: { type: 'array', items: product, description: 'The product seed (families add their own).' },
    slotGroups: { type: 'array', items: str, description: 'The groups of the image manager, in order.' },
    slots: {
      type: 'array',
      items: slot,
      description: 'Slots: images staff can change in the image manager (families add their own).',
    },
    pageDefaults: {
      type: 'object',
      description: 'Texts every page of a kind gets unless it gives its own.',
      propertyNames: { enum: PAGE_KINDS },
      additionalProperties: texts,
    },
    pages: { type: 'array', items: page, description: 'Every page that is not part of a family.' },
    families: {
      type: 'array',
      items: family,
      description: 'Repeated shapes declared once (pergola variants, screen applications, shade types).',
    },
  },
} as const;
