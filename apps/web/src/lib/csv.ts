/**
 * A CSV file (RFC 4180) of `rows`, the first being the headings. A cell that a spreadsheet would take for
 * a formula (starting with =, +, -, @, a tab or a carriage return) is written with a leading apostrophe, so
 * that a name a creator typed never runs as one.
 */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cell = (value: string | number | null | undefined) => {
    let text = value === null || value === undefined ? '' : String(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
