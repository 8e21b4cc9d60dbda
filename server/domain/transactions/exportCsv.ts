/**
 * The transactions CSV export: its columns (the list's, in its words) and the encoding of a row. package.json has no CSV library, so fields are quoted here by hand, as RFC 4180 says: a field
 * holding a quote, a comma or a line break is put in quotes with its quotes doubled, and lines end
 * with CRLF. A cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe, so a name typed on the payment page cannot run in
 * the office's spreadsheet (OWASP's "CSV injection").
 */
import { listColumns, type ListedTransaction } from '../../../embed-sdk/format/transactions.js';

/**
 * The byte-order mark the file starts with: without it Excel reads UTF-8 as the office's code page,
 * and the card's '••••' and names with accents come out garbled.
 */
export const UTF8_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * The export's columns: the transactions list's, with its headers and the words of its cells, from
 * the one function the list's cells use too (embed-sdk/format/transactions.ts `listColumns`).
 */
export function exportColumns(opts: { companyWide: boolean }) {
  const columns = listColumns(opts);
  return {
    header: columns.map((c) => c.header),
    cells: (t: ListedTransaction) => columns.map((c) => c.cell(t)),
  };
}
