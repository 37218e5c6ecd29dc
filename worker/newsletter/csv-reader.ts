/**
 * CSV read back as RFC 4180 says, as a spreadsheet opening the subscribers export reads it: quotes
 * group, "" is a quote, CRLF ends a row (line breaks inside quotes are text). For the tests only:
 * the Worker writes CSV (./csv.ts) and never reads it; it sits here, beside its writer, so that the
 * unit tests and the Worker tests read the export with one reader.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}
