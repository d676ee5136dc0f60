import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checklistText,
  formatProblem,
  manifestSchema,
  routeTable,
  routeTableMarkdown,
  sitemapXml,
} from '../engine/index.ts';
import { loadCatalogue } from '../engine/node/read.ts';
import { writeErrorTable } from './error-table.ts';

/**
 * Writes the schema for editors, the expanded catalogue under generated/ for staff to read, and the
 * table of the server's error answers into docs/operators.md.
 */
const out = process.argv[2] ?? 'generated';
writeFileSync('manifest/catalogue.schema.json', `${JSON.stringify(manifestSchema, null, 2)}\n`);
if (await writeErrorTable()) process.stdout.write('Updated the table of error answers in docs/operators.md.\n');
const result = loadCatalogue();
if (!result.ok) {
  for (const p of result.problems) process.stderr.write(`${formatProblem(p, true)}\n\n`);
  process.stderr.write('Nothing generated: fix the manifest first (npm run check).\n');
  process.exit(1);
}
const c = result.catalogue;
mkdirSync(out, { recursive: true });
const files: Record<string, string> = {
  'routes.json': `${JSON.stringify(routeTable(c), null, 2)}\n`,
  'routes.md': routeTableMarkdown(c),
  'folders.txt': checklistText(c),
  'folders.json': `${JSON.stringify(c.folders, null, 2)}\n`,
  'products.json': `${JSON.stringify(c.products, null, 2)}\n`,
  'slots.json': `${JSON.stringify(c.slots, null, 2)}\n`,
  'sitemap.xml': sitemapXml(c),
  'catalogue.json': `${JSON.stringify(c)}\n`,
};
for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text);
process.stdout.write(
  `Wrote ${Object.keys(files).length} files to ${out}/ (${c.pages.length} routes, ${c.folders.length} folders).\n`,
);
