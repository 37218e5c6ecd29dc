/**
 * CSV as RFC 4180 writes it (CRLF rows; a field with a comma, quote or line break in quotes,
 * quotes doubled), made safe to open in a spreadsheet (OWASP "CSV Injection"): a cell starting
 * with = + - @ (or their full-width forms), a tab or a line break runs as a formula, so such a
 * character gets an apostrophe before it. Not only at the start of the field: a spreadsheet set
 * to another separator (`;` in much of Europe, tab, `|`) splits the field there, and
 * `x;=cmd|' /C calc'!A0` would open as a cell `=cmd...`. So every place a cell can begin (the
 * start, or after one of those separators, spaces and quotes allowed) is guarded
 * (docs/security.md).
 */
const FORMULA_AT_CELL_START = /(?<=^|[,;\t|\r\n])([ "]*)([=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  text = text.replace(FORMULA_AT_CELL_START, "$1'$2");
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
