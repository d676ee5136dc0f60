import type { ImageRef } from './images.ts';
import type { FormAnswer } from './consultation.ts';
import type { IslandName } from './islands.ts';
import type { Alternate } from '../addresses.ts';
import type { Catalogue, Page } from '../model.ts';

/**
 * What the server render reads: the shell (the same for every page of the site) and the payload of
 * one page. Neither goes to the browser: islands get their own props. Pure types, shared by
 * `server/render` and the site.
 */

/** Site-wide data of every page. */
export interface Shell {
  /** The language of every text of the shell and its pages (`<html lang>`). */
  readonly language: string;
  /** The home page's address in that language (`/`, `/es`). */
  readonly home: string;
  readonly site: Catalogue['site'];
  readonly ui: Catalogue['ui'];
  /** The compiled ICU messages among the texts (an island takes those it shows with its props). */
  readonly messages: Catalogue['messages'];
  readonly figures: Catalogue['figures'];
  /** Slot id -> built-in fallback image URL. */
  readonly slots: Readonly<Record<string, string>>;
  /** Folder path -> the gallery page that shows it (a dialog's button links there before its script). */
  readonly galleries: Readonly<Record<string, string>>;
  /** Product id -> its media folder path. */
  readonly productFolders: Readonly<Record<string, string>>;
}

/** Head tags of a page, with every placeholder filled. */
export interface Head {
  readonly title: string;
  readonly description: string;
  /** Absolute canonical URL; none on a not-found answer (nothing there to index). */
  readonly canonical?: string;
  readonly image?: string;
  /** `hreflang` alternates (absolute URLs): the page in each language it is published in, and `x-default`. */
  readonly alternates?: readonly { readonly hreflang: string; readonly href: string }[];
  /** The image that is likely the largest paint (hero, first gallery tile), as its `<img>` asks for it. */
  readonly preloadImage?: PreloadImage;
}

/** A preloaded image: the same URL, `srcset` and `sizes` as the `<img>`, so the browser fetches it once. */
export interface PreloadImage {
  /** Site-relative URL. */
  readonly href: string;
  readonly srcSet?: string;
  readonly sizes?: string;
}

/** One visitor page, ready to render: the route table entry plus the data it needs. */
export interface PagePayload {
  readonly type: 'page';
  /** The requested path (an instance of `page.path` for pattern routes). */
  readonly path: string;
  readonly status: 200 | 404;
  readonly page: Page;
  /** Values of the route's :params. */
  readonly params: Readonly<Record<string, string>>;
  /** Placeholder values known when the page is resolved: type, mediaType, mediaTypeLabel, name. */
  readonly vars: Readonly<Record<string, string>>;
  readonly head: Head;
  /** Manifest folder path -> public folder id (null: the store has no such folder). */
  readonly folderIds: Readonly<Record<string, string | null>>;
  /** swr key -> data, fetched for this page on the server. */
  readonly fallback: Readonly<Record<string, unknown>>;
  /** swr keys whose fetch failed on the server (the page shows its error text). */
  readonly errors: readonly string[];
  /** A photo's address (`<gallery>/photo/<slug>`): the slug asked for, and whether the gallery has it. */
  readonly photo?: { readonly slug: string; readonly found: boolean };
  /**
   * Listings longer than the first screenful (engine/shared/paging.ts): swr key -> the whole
   * listing's length. Their fallback holds only the first items; the browser loads the rest.
   */
  readonly partial?: Readonly<Record<string, number>>;
  /** Slot image URL -> its responsive renditions and LQIP (the slots this page shows). */
  readonly images?: Readonly<Record<string, ImageRef>>;
  /** The language switcher: every language of the site, with this page's address in those it is published in. */
  readonly alternates?: readonly Alternate[];
  /** A further language's 404 for a page published in the default language only: that page's address. */
  readonly elsewhere?: string;
  /** The consultation page as the answer to a plain form post (server/render/form-view.ts). */
  readonly form?: FormAnswer;
}

/** A path that is not a visitor page (a staff tool). */
export interface DocumentPayload {
  readonly type: 'document';
  readonly path: string;
}

export type RoutePayload = PagePayload | DocumentPayload;

/** What the server bundle (`site/entry-server.tsx`) renders: the page's markup, its Stitches CSS, its islands. */
export interface Rendered {
  readonly html: string;
  readonly css: string;
  /** The islands in the markup, in order (their modules are what the page's script loads). */
  readonly islands: readonly IslandName[];
}

/** The server bundle's render function. */
export type RenderPage = (shell: Shell, payload: PagePayload) => Promise<Rendered>;

/** The JSON endpoint of a page's payload (a gallery dialog's Try Again looks its folder up again there). */
export const PAGE_ENDPOINT = '/_site/page';
export const pageKey = (path: string): string => `${PAGE_ENDPOINT}?path=${encodeURIComponent(path)}`;

/** The client entry, relative to the repository root (its chunk in Vite's manifest). */
export const CLIENT_ENTRY = 'site/entry-client.tsx';

/** JSON safe inside <script>: no '</script>', no HTML comment openers, no JS line separators. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
