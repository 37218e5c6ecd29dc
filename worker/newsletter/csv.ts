/**
 * CSV as RFC 4180 writes it (CRLF rows; a field with a comma, quote or line break in quotes,
 * quotes doubled), made safe to open in a spreadsheet: a value starting with = + - @ or a tab
 * or carriage return would run as a formula, so it gets a leading apostrophe (OWASP "CSV
 * Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}
