/**
 * The JSON Schema of the manifest, written `as const` so that the manifest's TypeScript types are
 * inferred from it (see `types.ts`). `npm run generate` writes it to `manifest/catalogue.schema.json`
 * for editors; a test keeps the two identical.
 */

const str = { type: 'string', minLength: 1 } as const;
const strList = { type: 'array', items: str } as const;
const id = { type: 'string', pattern: '^[a-z0-9][a-z0-9-]*$' } as const;
const path = { type: 'string', pattern: '^/' } as const;
const texts = {
  type: 'object',
  description: 'Texts of a page or block, by role (loading, error, emptyTitle, emptyBody, count, ...).',
  additionalProperties: { type: 'string' },
} as const;

export const PAGE_KINDS = [
  'home',
  'category',
  'application',
  'variant-landing',
  'image-gallery',
  'video-gallery',
  'media-gallery',
  'media-hub',
  'shade-page',
  'image-manager',
  'folder-setup',
  'sign-in',
  'not-found',
] as const;

export const SECTION_TYPES = [
  'product-intro',
  'cards',
  'product-cards',
  'figures',
  'list',
  'gallery-button',
  'media-types',
  'links',
] as const;

const link = {
  type: 'object',
  additionalProperties: false,
  required: ['label'],
  properties: { label: str, href: path },
} as const;

const dialog = {
  type: 'object',
  description: 'A gallery dialog: its title and the media it shows (a product, a folder or an aggregate).',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: str,
    button: str,
    product: { type: 'string' },
    folder: { type: 'string' },
    aggregate: { type: 'string' },
  },
} as const;

const card = {
  type: 'object',
  additionalProperties: false,
  required: ['title'],
  properties: {
    title: str,
    text: { type: 'string' },
    icon: { type: 'string' },
    slot: { type: 'string' },
    bullets: strList,
    href: path,
    button: str,
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
    type: { type: 'string', enum: SECTION_TYPES },
    id: id,
    heading: { type: 'string' },
    text: { type: 'string' },
    product: { type: 'string', description: 'product-intro: the product shown.' },
    dialog,
    items: {
      description: 'cards/media-types: card objects; list: strings; figures: figure ids; links: links.',
      type: 'array',
      items: { anyOf: [str, card] },
    },
    filter: {
      type: 'object',
      additionalProperties: false,
      properties: {
        category: str,
        subcategory: { type: ['string', 'null'] },
        excludeTypes: strList,
        excludeTypeContaining: strList,
      },
    },
    href: { type: 'string', description: "product-cards: link pattern, e.g. '/screens/motorized-screens/{type}'." },
    button: str,
    icons: { type: 'object', additionalProperties: { type: 'string' } },
    texts,
  },
} as const;

const params = {
  type: 'object',
  description: 'Values of the :params of a pattern route, for the sitemap and tests.',
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    properties: { family: id, var: str, values: strList },
  },
} as const;

const page = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'kind'],
  properties: {
    id: id,
    path: { type: 'string', pattern: '^/', description: "Route path; ':name' segments make a pattern route." },
    aliases: { type: 'array', items: path, description: 'Further paths that show the same page (canonical: path).' },
    kind: { type: 'string', enum: PAGE_KINDS },
    heading: { type: 'string' },
    intro: { type: 'string' },
    breadcrumb: { type: 'array', items: link },
    back: link,
    meta: {
      type: 'object',
      additionalProperties: false,
      properties: { title: str, description: str, canonical: path },
    },
    hero: {
      type: 'object',
      additionalProperties: false,
      properties: { slot: str, headline: str, text: str },
    },
    product: { type: 'string', description: 'The product whose media or text this page shows.' },
    folder: { type: 'string', description: 'The media folder this page shows (path).' },
    media: { type: 'string', enum: ['images', 'videos', 'mixed'] },
    productType: { type: 'string', description: 'Pattern routes: the product type template, e.g. {type}-{mediaType}.' },
    params,
    texts,
    links: { type: 'array', items: link },
    sections: { type: 'array', items: section },
    sitemap: { type: 'boolean' },
    staff: { type: 'boolean' },
  },
} as const;

const product = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'category'],
  properties: {
    id: id,
    name: str,
    description: { type: 'string' },
    features: strList,
    category: str,
    subcategory: str,
    type: str,
    folder: { type: 'string', description: 'Media folder path, declared under folders.' },
    href: path,
  },
} as const;

const folder = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: {
    path: { type: 'string', pattern: '^[^/].*[^/]$|^[^/]$' },
    driveId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,128}$' },
  },
} as const;

const slot = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'label', 'group', 'fallback'],
  properties: { id: id, label: str, group: str, fallback: str },
} as const;

const templateProduct = {
  ...product,
  required: ['id', 'name', 'category'],
  properties: { ...product.properties, features: { anyOf: [strList, str] }, id: str, href: str },
} as const;

const family = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'members'],
  properties: {
    id: id,
    description: { type: 'string' },
    vars: {
      type: 'object',
      description: "Default values of member variables; they may use other variables, e.g. '{name} - Videos'.",
      additionalProperties: { type: 'string' },
    },
    folders: { type: 'array', items: str },
    products: { type: 'array', items: templateProduct },
    pages: { type: 'array', items: page },
    slots: { type: 'array', items: { ...slot, properties: { ...slot.properties, id: str } } },
    members: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['slug', 'name'],
        properties: {
          slug: id,
          name: str,
          without: { ...strList, description: 'Ids of the family pages or products this member does not have.' },
        },
        additionalProperties: { anyOf: [{ type: 'string' }, strList] },
      },
    },
  },
} as const;

const navItem = {
  type: 'object',
  additionalProperties: false,
  required: ['label', 'href'],
  properties: {
    label: str,
    href: path,
    match: { type: 'string', enum: ['exact', 'prefix'] },
    alsoActiveOn: { type: 'array', items: path },
  },
} as const;

export const manifestSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://shade-catalogue.local/catalogue.schema.json',
  title: 'Catalogue manifest',
  type: 'object',
  additionalProperties: false,
  required: ['site', 'ui', 'folders', 'products', 'slots', 'pages'],
  properties: {
    site: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'baseUrl', 'claims', 'nav', 'meta'],
      properties: {
        name: str,
        baseUrl: { type: 'string', pattern: '^https?://[^/]+$' },
        claims: strList,
        nav: { type: 'array', minItems: 1, items: navItem },
        meta: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'description'],
          properties: { title: str, description: str, titleTemplate: str },
        },
      },
    },
    ui: { ...texts, description: 'Texts shared by every page: buttons, viewer labels, notices.' },
    figures: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['label', 'value'],
        properties: { label: str, value: str },
      },
    },
    folders: { type: 'array', items: folder },
    aggregates: {
      type: 'object',
      description: 'Combined media of several folders, by aggregate type: every folder under a path.',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['under'],
        properties: { under: str },
      },
    },
    products: { type: 'array', items: product },
    slotGroups: { type: 'array', items: str },
    slots: { type: 'array', items: slot },
    pageDefaults: {
      type: 'object',
      description: 'Texts every page of a kind gets unless it gives its own.',
      propertyNames: { enum: PAGE_KINDS },
      additionalProperties: texts,
    },
    pages: { type: 'array', items: page },
    families: { type: 'array', items: family },
  },
} as const;
