import { expect, test } from '@playwright/test';
import {
  budgetOf,
  firstLoadScripts,
  GALLERY_JS_BUDGET,
  gzipOf,
  JS_BUDGET,
  measureJs,
  pathPerKind,
  reporterFiles,
  reporterOf,
  VITALS_JS_BUDGET,
} from '../../scripts/bench/first-load.ts';
import { isGalleryKind, type PageKind } from '../../engine/index.ts';
import { catalogue } from './helpers.ts';

/**
 * The bundle budget as a test (sizes, not times: the same build gives the same bytes). First-load
 * JavaScript (gzip, React included) of every visitor page kind is at most 75 KB, of a gallery kind (its
 * gallery hydrates at boot) at most 95 KB, and never a file only the staff tools use. A kind whose
 * islands all wait for the visitor (the menu, dialogs, the form) loads none at all: 0 files is fine.
 * `npm run bench` prints the same figures per kind.
 */
test('first-load JavaScript of every visitor page kind is within budget and holds no staff code', async ({
  baseURL,
}) => {
  const c = catalogue();
  const rows = await measureJs(baseURL ?? '', c); // throws when a visitor page loads staff-only code
  expect(rows.map((r) => r.kind).sort()).toEqual([...pathPerKind(c).keys()].sort());
  for (const row of rows) {
    const gallery = isGalleryKind(row.kind as PageKind);
    const budget = budgetOf(row.kind);
    expect(budget).toBe(gallery ? GALLERY_JS_BUDGET : JS_BUDGET);
    expect(row.gzip, `${row.kind} ${row.path}: ${row.gzip} bytes gzip in ${row.files} files`).toBeLessThanOrEqual(
      budget,
    );
    // A gallery hydrates at boot: its page does load its script (the budget measures something).
    if (gallery) expect(row.files, `${row.kind} ${row.path}`).toBeGreaterThan(0);
  }
});

/** The Web Vitals reporter: never among a page's first-load scripts, and within its own 3 KiB gzip. */
test('the Web Vitals reporter comes after the first load, within its own budget', async ({ baseURL }) => {
  const url = baseURL ?? '';
  const files = reporterFiles();
  expect(files.length).toBeGreaterThan(0);
  for (const path of pathPerKind(catalogue()).values()) {
    const html = await (await fetch(url + path)).text();
    if (path === '/no-such-page') expect(reporterOf(html)).toBeUndefined();
    else expect(reporterOf(html), path).toBe(files[0]);
    expect(firstLoadScripts(html).filter((s) => files.includes(s))).toEqual([]);
  }
  const gzip = await gzipOf(url, files);
  expect(gzip, `reporter: ${gzip} bytes gzip in ${files.length} files`).toBeLessThanOrEqual(VITALS_JS_BUDGET);
});
