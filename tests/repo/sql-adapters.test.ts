import { describe, expect, it } from "vitest";
import { filesUnder, readSource } from "./source-files";

/**
 * SQL lives in the adapters only (docs/architecture.md "The operational store",
 * docs/decisions/131-one-door-to-the-operational-store.md): the content's in worker/content/d1/,
 * the operational store's in worker/ops/d1/. Everything else in worker/ reaches D1 through the
 * content service or the operational store, so no other module prepares a statement or spells one.
 */
const ADAPTERS = ["worker/content/d1/", "worker/ops/d1/"];

const STATEMENT_CALL = /\.(?:prepare|batch)\s*\(/;
/** A string that starts as a statement does, or holds one of a statement's telling phrases. */
const SQL_STRING =
  /["'`]\s*(?:SELECT|INSERT|UPDATE|DELETE|REPLACE|CREATE|DROP|ALTER|PRAGMA|WITH)\s|\b(?:SELECT\s[^"'`]*?\sFROM|INSERT\s+(?:OR\s+\w+\s+)?INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET)\s/;

/** The lines of `source` that run or spell SQL, comments left out. */
export function sqlLines(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ""));
  return code
    .split("\n")
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith("//") && (STATEMENT_CALL.test(line) || SQL_STRING.test(line)))
    .map(({ line, n }) => `${n}: ${line.slice(0, 100)}`);
}

describe("SQL outside the adapters", () => {
  it("flags a prepared statement, a batch and a statement kept in a string", () => {
    expect(sqlLines('await env.DB.prepare("SELECT 1").first();')).toHaveLength(1);
    expect(sqlLines("await db.batch(statements);")).toHaveLength(1);
    expect(sqlLines("const Q = `INSERT OR IGNORE INTO mail_keys (name) VALUES (?)`;")).toHaveLength(1);
    expect(sqlLines('const q = "DELETE FROM rate_limits WHERE window_start < ?1";')).toHaveLength(1);
    expect(sqlLines("const q = `\n  UPDATE announcement_sends SET status = 'sent'`;")).toHaveLength(1);
    expect(sqlLines('const n = "COUNT(*) AS n FROM x WHERE id IN (SELECT id FROM y)";')).toHaveLength(1);
  });

  it("leaves prose, comments and other calls alone", () => {
    expect(sqlLines('const hint = "Select a file, then update the list.";')).toEqual([]);
    expect(sqlLines("// the row is read with SELECT 1 FROM admin_sessions\n/* DELETE FROM x */")).toEqual([]);
    expect(sqlLines("await queue.sendBatch(messages);\nconst m = TOKEN.exec(token);")).toEqual([]);
  });

  it("appears in worker/ only inside worker/content/d1/ and worker/ops/d1/", () => {
    const files = filesUnder("worker", (path) => /\.ts$/.test(path));
    expect(files.length).toBeGreaterThan(100);
    const outside = files.filter((file) => !ADAPTERS.some((folder) => file.startsWith(folder)));
    const found = outside.flatMap((file) => sqlLines(readSource(file)).map((line) => `${file}:${line}`));
    expect(found).toEqual([]);
    // The check would see SQL where it is: the adapters hold it.
    const inside = files.filter((file) => ADAPTERS.some((folder) => file.startsWith(folder)));
    expect(inside.filter((file) => sqlLines(readSource(file)).length > 0).length).toBeGreaterThan(10);
  });
});
