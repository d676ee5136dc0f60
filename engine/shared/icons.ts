/**
 * The icon names the manifest may use: a card's `icon`, the values of a product-cards section's
 * `icons`. The schema accepts these and no others; the site draws each one (site/components/Icon.tsx
 * maps every name to its picture, and the compiler holds it to this list).
 */
export const ICON_NAMES = [
  'home',
  'house',
  'shield',
  'ruler',
  'handshake',
  'cloud',
  'bug',
  'eye',
  'porch',
  'pergola',
  'garage',
  'pool',
  'door',
  'screen',
  'sun',
  'phone',
  'bolt',
  'check',
  'user',
  'badge',
  'remote',
  'mic',
  'thermometer',
  'wind',
  'tool',
] as const;

export type IconName = (typeof ICON_NAMES)[number];
