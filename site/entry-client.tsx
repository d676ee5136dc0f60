import { hydrateIslands } from './islands/hydrate.tsx';

/**
 * The visitor pages' script: the boot script (server/render/boot.ts) adds it once the page's largest
 * paint has arrived, or, on a page whose only island is the phone menu, when the menu first opens.
 */
hydrateIslands();
