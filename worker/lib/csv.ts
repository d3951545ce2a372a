/**
 * CSV for spreadsheets (RFC 4180): every field quoted, quotes doubled, CRLF
 * between records, a UTF-8 byte order mark so Excel reads accents right.
 *
 * A field that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is
 * prefixed with `'`: a spreadsheet would otherwise run it as a formula
 * (`=HYPERLINK(…)` typed into a contact form). Numbers are written as numbers.
 */
type Cell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: Cell): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number' || typeof value === 'boolean') return `"${String(value)}"`;
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
