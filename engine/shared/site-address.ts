/** The WHATWG URL parser of every runtime the engine runs in (Node, browsers); the engine compiles without platform types. */
declare const URL: {
  canParse(url: string): boolean;
  new (url: string): { readonly protocol: string; readonly origin: string };
};

/** The schema format of the site's public address (`site.baseUrl`). */
export const SITE_ADDRESS = 'site-address';

/**
 * A site's public address: http or https, a host (and port) that a URL parser accepts, nothing after
 * it (no path, query or trailing '/'), as the pages' canonical links and the sitemap join paths to it.
 */
export function isSiteAddress(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const url = new URL(s);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === s;
}
