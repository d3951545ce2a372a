/**
 * CSV for spreadsheets, written so that Excel set up for Switzerland (French
 * or German) opens it straight into columns: `;` between fields, the list
 * separator of those settings (with `,` everything lands in column A), CRLF
 * between records, and a UTF-8 byte order mark first, so accents come out
 * right. No `sep=;` first line: with it, Excel ignores the byte order mark and
 * reads the accents wrong. Every field is quoted (RFC 4180), quotes doubled,
 * so a field may hold `;`, `,`, quotes and line breaks.
 *
 * A field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * prefixed with `'`: a spreadsheet would otherwise run it as a formula
 * (`=HYPERLINK(…)` typed into a contact form). Numbers are written as numbers.
 *
 * Written a record at a time (`csvRecord`), so an export can be streamed:
 * `csvStart` once, then each record as it comes.
 */
type Cell = string | number | boolean | null | undefined;

const SEPARATOR = ';';
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
