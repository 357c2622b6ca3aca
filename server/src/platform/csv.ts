/*
 * Writing CSV that a spreadsheet opens as it is meant (the trade book's export, a backtest's fills): RFC 4180
 * quoting, and text made inert so that a cell is never run as a formula.
 */

const NEEDS_QUOTES = /[",\r\n]/;
// What a spreadsheet would run as a formula (or DDE command) when the cell is opened (OWASP CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvCell(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Text a person typed (names, symbols): a leading `'` keeps a spreadsheet from running it as a formula. */
export function inertText(value: string | null): string {
  if (value === null) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One CSV record, CRLF-terminated as RFC 4180 has it. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
