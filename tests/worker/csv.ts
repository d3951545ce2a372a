/**
 * Reads a CSV as a spreadsheet does (RFC 4180: quoted fields may hold the
 * separator, doubled quotes and line breaks; records end with CRLF), for the
 * export's tests. The byte order mark must already be cut off.
 */
export function parseCsv(text: string, separator = ';'): string[][] {
  const records: string[][] = [];
  let [record, field, quoted, i] = [[] as string[], '', false, 0];
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') [field, i] = [`${field}"`, i + 2];
      else if (c === '"') [quoted, i] = [false, i + 1];
      else [field, i] = [field + c, i + 1];
    } else if (c === '"') [quoted, i] = [true, i + 1];
    else if (c === separator) [record, field, i] = [[...record, field], '', i + 1];
    else if (c === '\r' && text[i + 1] === '\n') {
      records.push([...record, field]);
      [record, field, i] = [[], '', i + 2];
    } else [field, i] = [field + c, i + 1];
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}
