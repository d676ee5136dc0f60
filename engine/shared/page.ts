import type { ImageRef } from './images.ts';
import type { Catalogue, Page } from '../index.ts';

/**
 * What the server hands the React app: the shell (the same for every page of the site) and the
 * payload of one page. Pure types, shared by `server/render` and the browser bundle.
 */

/** Site-wide data, embedded once in every HTML document. */
export interface Shell {
  readonly site: Catalogue['site'];
  readonly ui: Catalogue['ui'];
  readonly figures: Catalogue['figures'];
  /** Slot id -> built-in fallback image URL. */
  readonly slots: Readonly<Record<string, string>>;
}

/** Head tags of a page, with every placeholder filled. */
export interface Head {
  readonly title: string;
  readonly description: string;
  /** Absolute canonical URL. */
  readonly canonical: string;
  readonly image?: string;
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
  /** Slot image URL -> its responsive renditions and blurred preview (the slots this page shows). */
  readonly images?: Readonly<Record<string, ImageRef>>;
}

/** A path that is not a visitor page (a staff tool): the browser loads it as a new document. */
export interface DocumentPayload {
  readonly type: 'document';
  readonly path: string;
}

export type RoutePayload = PagePayload | DocumentPayload;

/** What the server bundle (`site/entry-server.tsx`) renders: the app's markup and its Stitches CSS. */
export interface Rendered {
  readonly html: string;
  readonly css: string;
}

/** The server bundle's render function. */
export type RenderPage = (shell: Shell, payload: PagePayload, search?: string) => Promise<Rendered>;

/** The JSON endpoint the app reads page payloads from during client navigation. */
export const PAGE_ENDPOINT = '/_site/page';
export const pageKey = (path: string): string => `${PAGE_ENDPOINT}?path=${encodeURIComponent(path)}`;

/** The client entry, relative to the repository root (its chunk in Vite's manifest). */
export const CLIENT_ENTRY = 'site/entry-client.tsx';

/** Ids of the JSON documents embedded in the HTML. */
export const SHELL_ID = 'site-shell';
export const PAYLOAD_ID = 'site-page';
export const ROOT_ID = 'root';
