// CSV as RFC 4180 writes it (CRLF between records; a field holding a comma, a quote, CR or LF is quoted,
// its quotes doubled), with one addition for spreadsheets: a cell that a spreadsheet would read as a
// formula (starting with = + - @, a tab or CR) gets a leading single quote, so that opening an export
// never runs what someone typed into a name (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_LINE_END = '\r\n';

/** One cell: neutralised if a spreadsheet would run it, then quoted if it must be. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ending with CRLF. */
export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}${CSV_LINE_END}`;
}
