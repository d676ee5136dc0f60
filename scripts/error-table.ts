import { readFile, writeFile } from 'node:fs/promises';
import * as prettier from 'prettier';
import { serverErrors } from '../server/errors.ts';

/** The operators' guide's generated block (docs/operators.md): the table of the server's error answers sits between these lines. */
/** Where the table is: the guide operators read. */
export const ERROR_TABLE_FILE = 'docs/operators.md';
export const TABLE_START = '<!-- errors:start -->';
export const TABLE_END = '<!-- errors:end -->';

/** Arguments that print as their placeholders: a message shows `{id}` where the id goes. */
const placeholders: unknown = new Proxy({}, { get: (_target, key) => `{${String(key)}}` });

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** The catalogue as a Markdown table (not yet aligned): name, status, title, message, hint. */
export function errorTableMarkdown(): string {
  const rows = Object.entries(serverErrors).map(([name, e]) => {
    const message = (e.message as (args: unknown) => string)(placeholders);
    const hint = (e as { readonly hint?: string }).hint ?? '';
    return `| \`${name}\` | ${e.status} | ${cell(e.title)} | ${cell(message)} | ${cell(hint)} |`;
  });
  return ['| name | status | title | message | hint |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

/** `readme` with the table between its markers, formatted as `prettier --check` expects. */
export async function withErrorTable(readme: string, file = ERROR_TABLE_FILE): Promise<string> {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${TABLE_START} ... ${TABLE_END} block.`);
  const options = { ...(await prettier.resolveConfig(file)), parser: 'markdown' };
  const table = (await prettier.format(errorTableMarkdown(), options)).trimEnd();
  return `${readme.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${readme.slice(end)}`;
}

/** Writes the table into the operators' guide (`npm run generate`); says whether it changed. */
export async function writeErrorTable(file = ERROR_TABLE_FILE): Promise<boolean> {
  const readme = await readFile(file, 'utf8');
  const updated = await withErrorTable(readme, file);
  if (updated !== readme) await writeFile(file, updated);
  return updated !== readme;
}
