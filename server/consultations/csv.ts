import { unescapeText } from '../../engine/shared/consultation.ts';
import type { StoredRequest } from './store.ts';

const COLUMNS = [
  'created_at',
  'status',
  'name',
  'phone',
  'email',
  'place',
  'products',
  'times',
  'message',
  'id',
  'language',
] as const;

/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets a
 * leading apostrophe: the export is opened by staff in spreadsheets, and visitors write its text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Pure: the requests as CSV with a header row, the text as the visitor typed it; CRLF line ends. */
export function requestsCsv(rows: readonly StoredRequest[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) lines.push(COLUMNS.map((c) => csvCell(unescapeText(String(row[c] ?? '')))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
