/**
 * Turns the demo catalogue into SQLite statements for migrations/0001_catalogue.sql: one INSERT
 * per row with explicit ids; the triggers of migrations/0004_search_triggers.sql index the
 * published posts and mixtapes as they go in. Every statement is a single line ending in
 * ';', so a seed file can hold one statement per line. Pure TypeScript (also used in workerd).
 */
import { embargoed } from "../embargo";
import type { AnyContentKind, RowsContext, SqlValue } from "../kinds/kind";
import { CONTENT_KINDS } from "../kinds/list";
import type { Catalogue } from "../types";

export { ftsRebuildSql } from "./fts-sql";
export type { SqlValue };

/** A SQLite literal: strings quoted with single quotes doubled, JSON for arrays and objects. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} to SQL`);
    return String(value);
  }
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text.includes("\0")) throw new Error(`NUL in SQL text: ${text.slice(0, 60)}`);
  // Statements are one per line: a line break in a text (a bio's paragraphs) is written as
  // char(10) / char(13) between quoted parts.
  if (!/[\r\n]/.test(text)) return `'${text.replace(/'/g, "''")}'`;
  const parts = text.split(/([\r\n])/).filter((part) => part !== "");
  const quoted = parts.map((part) =>
    part === "\n" ? "char(10)" : part === "\r" ? "char(13)" : `'${part.replace(/'/g, "''")}'`,
  );
  return `(${quoted.join(" || ")})`;
}

/** One row of one table, its values as to-sql.ts writes them (JSON for arrays and objects). */
export interface TableRow {
  table: string;
  row: Record<string, SqlValue>;
}

/** An INSERT of one row: the columns it names, in its order. */
export function insertSql({ table, row }: TableRow): string {
  const columns = Object.keys(row);
  const values = columns.map((c) => sqlLiteral(row[c]));
  return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${values.join(", ")});`;
}

/**
 * Every row of the catalogue, kind by kind (each kind's `rows`, scripts/content/kinds/), parents
 * before children. Also what tests/worker/store-upgrade.test.ts loads into older schemas, column
 * by column.
 */
export function catalogueRows(c: Catalogue, now = Date.now()): TableRow[] {
  const out: TableRow[] = [];
  const tables = new Set((CONTENT_KINDS as readonly AnyContentKind[]).map((kind) => kind.table));
  // A published item whose publish_at is ahead goes in as a draft with its due time (./embargo.ts).
  const add = (table: string, row: Record<string, SqlValue>) =>
    out.push({ table, row: tables.has(table) ? embargoed(row, now) : row });
  const ctx: RowsContext = {
    add,
    credit(table, owner, id, artistIds) {
      for (const [position, artist_id] of artistIds.entries())
        add(table, { [owner]: id, artist_id, position });
    },
    entries(table, owner, id, list) {
      const taken = new Map<number, number>();
      for (const { entry, artist_id } of list) {
        const position = taken.get(entry) ?? 0;
        taken.set(entry, position + 1);
        add(table, { [owner]: id, entry, artist_id, position });
      }
    },
  };
  const records = c as unknown as Record<string, unknown[]>;
  for (const kind of CONTENT_KINDS as readonly AnyContentKind[])
    for (const record of records[kind.key] ?? []) kind.rows(record, ctx);
  return out;
}

/** Every row of the catalogue as INSERT statements, parents before children. */
export function catalogueToSql(c: Catalogue, now = Date.now()): string[] {
  return catalogueRows(c, now).map(insertSql);
}
