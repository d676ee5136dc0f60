import { createHash } from 'node:crypto';

/**
 * The speculation rules of visitor pages: the browser prefetches a same-origin visitor page when the
 * pointer rests on its link (or, on phones, as the browser judges), so the next page is usually there
 * before the click. The API, media files, downloads and links that open elsewhere are left out (visitor
 * pages do not link to staff pages). A fixed text: the CSP allows it by its hash.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/api/*', '/media/*', '/_site/*'] } },
          { not: { selector_matches: '[download], [target], [rel~=nofollow]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
});

/** The CSP source that allows `SPECULATION_RULES` inline (and no other inline script). */
export const SPECULATION_RULES_HASH = `'sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}'`;
