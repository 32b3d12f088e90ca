/**
 * CSV for spreadsheets (RFC 4180): CRLF between records, a cell quoted when it holds a
 * comma, a quote or a line break, quotes doubled. Files start with a UTF-8 BOM so that
 * Excel reads Japanese text as UTF-8.
 */

export const UTF8_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

/** Characters that make a spreadsheet read a cell as a formula (or a DDE call). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell: one that starts like a formula gets a leading single quote, so that a
 * friend's name such as `=HYPERLINK(...)` stays text (OWASP CSV injection).
 */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return quoted(FORMULA_START.test(value) ? `'${value}` : value);
}

/** A cell the server produced (ids, scores, validated numbers, dates): written as it is. */
export function plainCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return quoted(String(value));
}

function quoted(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record of already formatted cells, with its line end. */
export function csvRecord(cells: string[]): string {
  return cells.join(',') + CSV_LINE_END;
}
