/**
 * CSV for spreadsheets (RFC 4180): every field quoted, quotes doubled, CRLF
 * between records, a UTF-8 byte order mark so Excel reads accents right.
 *
 * A field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * prefixed with `'`: a spreadsheet would otherwise run it as a formula
 * (`=HYPERLINK(…)` typed into a contact form). Numbers are written as numbers.
 *
 * Written a record at a time (`csvRecord`), so an export can be streamed:
 * `csvStart` once, then each record as it comes.
 */
type Cell = string | number | boolean | null | undefined;

const SEPARATOR = ',';
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number' || typeof value === 'boolean') return `"${String(value)}"`;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

/** One record, with its line end. */
export function csvRecord(row: readonly Cell[]): string {
  return `${row.map(cell).join(SEPARATOR)}\r\n`;
}

/** The start of the file: the byte order mark and the header record. */
export function csvStart(header: readonly string[]): string {
  return `\uFEFF${csvRecord(header)}`;
}
