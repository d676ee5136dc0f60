import type { Catalogue } from '../../engine/index.ts';

/**
 * The speculation rules of visitor pages: the browser prefetches a same-origin visitor page when the
 * pointer rests on its link (or, on phones, as the browser judges), so the next page is usually there
 * before the click. Staff pages, the API, media files, downloads and links that open elsewhere are
 * left out. Inline JSON: the CSP allows it with `'inline-speculation-rules'` and nothing more.
 */
export function speculationRules(catalogue: Catalogue): string {
  const staff = catalogue.pages.filter((p) => p.staff).map((p) => p.path);
  const excluded = [...staff, '/api/*', '/media/*', '/_site/*'];
  return JSON.stringify({
    prefetch: [
      {
        where: {
          and: [
            { href_matches: '/*' },
            { not: { href_matches: excluded } },
            { not: { selector_matches: '[download], [target], [rel~=nofollow]' } },
          ],
        },
        eagerness: 'moderate',
      },
    ],
  });
}
