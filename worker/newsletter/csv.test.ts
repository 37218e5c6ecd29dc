import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvField, csvRow } from "./csv";
import { readCsv } from "./csv-reader";

// The subscribers export opens in a spreadsheet: no cell of it may run as a formula, whatever
// separator the spreadsheet splits on (docs/security.md).

const SEPARATORS = [",", ";", "\t", "|"] as const;
const TRIGGER = /^[ "]*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Cells as a spreadsheet reads a CSV line with this separator: quotes group, "" is a quote. */
function cells(line: string, separator: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === separator || ch === "\r" || ch === "\n") {
      out.push(cell);
      cell = "";
    } else cell += ch;
  }
  out.push(cell);
  return out;
}

describe("csvField", () => {
  it("keeps a city of x;=cmd|' /C calc'!A0 text under a ; separator", () => {
    const row = csvRow(["fan@example.com", "x;=cmd|' /C calc'!A0"]);
    for (const separator of SEPARATORS) {
      for (const cell of cells(row.trimEnd(), separator))
        expect(cell, `${separator}: ${cell}`).not.toMatch(TRIGGER);
    }
    expect(cells(row.trimEnd(), ",")).toEqual(["fan@example.com", "x;'=cmd|' /C calc'!A0"]);
  });

  it.each([
    ["=1+1", "'=1+1"],
    ["+cmd", "'+cmd"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "\"'\t'=1\""],
    ["a, =1", '"a, \'=1"'],
    ["a;  @x", '"a;  \'@x"'],
    ["a|+1", "a|'+1"],
    ["\uFF1D1+1", "'\uFF1D1+1"],
    ["Mia-Rose", "Mia-Rose"],
    ["fan+list@example.com", "fan+list@example.com"],
    ['Jo "DJ" Smith, Jr', '"Jo ""DJ"" Smith, Jr"'],
    [null, ""],
    [42, "42"],
  ])("writes %j as %j", (value, field) => {
    expect(csvField(value)).toBe(field);
  });

  it("never opens a cell with a formula under any separator, and loses nothing but adds apostrophes", () => {
    const text = fc.string({
      unit: fc.constantFrom(..."ab1 '\"=+-@,;|\t\r\n\uFF1D".split("")),
      maxLength: 30,
    });
    fc.assert(
      fc.property(text, text, (a, b) => {
        const row = csvRow([a, b]);
        const line = row.replace(/\r\n$/, "");
        for (const separator of SEPARATORS) {
          for (const cell of cells(line, separator)) expect(cell).not.toMatch(TRIGGER);
        }
        const [back] = readCsv(row);
        expect(back?.map((f) => f.replace(/'/g, ""))).toEqual([a, b].map((f) => f.replace(/'/g, "")));
      }),
      { numRuns: 3000 },
    );
  });
});
