import { expect, test } from '@playwright/test';
import { JS_BUDGET, measureJs, pathPerKind } from '../../scripts/bench/first-load.ts';
import { catalogue } from './helpers.ts';

/**
 * The bundle budget as a test (sizes, not times: the same build gives the same bytes): every visitor
 * page kind loads at most 80 KB of JavaScript (gzip) at first, and never a file only the staff tools use.
 * `npm run bench` prints the same figures per kind.
 */
test('first-load JavaScript of every visitor page kind is within budget and holds no staff code', async ({
  baseURL,
}) => {
  const c = catalogue();
  const rows = await measureJs(baseURL ?? '', c); // throws when a visitor page loads staff-only code
  expect(rows.map((r) => r.kind).sort()).toEqual([...pathPerKind(c).keys()].sort());
  for (const row of rows) {
    expect(row.files, row.path).toBeGreaterThan(0);
    expect(row.gzip, `${row.kind} ${row.path}: ${row.gzip} bytes gzip`).toBeLessThanOrEqual(JS_BUDGET);
  }
});
