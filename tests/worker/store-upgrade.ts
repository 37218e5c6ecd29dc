import { blockTexts, storedDocument, toDocument } from "@core/content/document";
import type { BodyForm, TextForm } from "@scripts/content/sql/fts-sql";
import { LONG_TEXTS } from "@scripts/content/sql/long-texts-sql";
import { catalogueRows, type SqlValue, type TableRow } from "@scripts/content/sql/to-sql";

/**
 * Helpers of tests/worker/store-upgrade.test.ts: an operator's D1 store at an older schema
 * version, and what it holds. Everything reads the schema from the database itself, so a
 * migration added later is covered without touching this file (a new table is filled with a
 * row made from its column types, see genericRow).
 */

/** What the database says about its own tables (sqlite_master, pragma_table_info). */
export interface TableInfo {
  name: string;
  columns: { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[];
}

/**
 * Tables that hold data: not SQLite's or D1's own, not the migrations log, not FTS indexes, not
 * the tables the store's triggers fill.
 */
export async function dataTables(db: D1Database): Promise<TableInfo[]> {
  const { results } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid")
    .all<{ name: string; sql: string | null }>();
  const { results: triggers } = await db
    .prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger'")
    .all<{ sql: string | null }>();
  const virtual = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
  // Tables the store's triggers write (list index, counts, extras rows): the store keeps them.
  const kept = new Set(
    triggers.flatMap((t) =>
      [...(t.sql ?? "").matchAll(/INSERT\s+(?:OR\s+\w+\s+)?INTO\s+"?(\w+)/gi)].map((m) => m[1]),
    ),
  );
  const own = (name: string) =>
    name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "d1_migrations";
  // FTS5 keeps its index in shadow tables named after the virtual table (posts_fts_data, ...).
  const derived = (name: string) =>
    kept.has(name) || virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const tables: TableInfo[] = [];
  for (const { name } of results) {
    if (own(name) || derived(name)) continue;
    const { results: columns } = await db
      .prepare('SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)')
      .bind(name)
      .all<TableInfo["columns"][number]>();
    tables.push({ name, columns });
  }
  return tables;
}

/** Drops every table, index, trigger and FTS index, leaving an empty database. */
export async function wipe(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'table'
       AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
       ORDER BY rowid DESC`,
    )
    .all<{ name: string; sql: string | null }>();
  // Virtual tables first (they drop their shadow tables), then children before parents.
  const virtual = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? ""));
  const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v.name}_`));
  const plain = results.filter((t) => !virtual.includes(t) && !shadow(t.name));
  for (const { name } of [...virtual, ...plain]) await db.exec(`DROP TABLE IF EXISTS "${name}"`);
}

/**
 * Rows an operator's store holds besides the catalogue: artists' submissions and newsletter
 * subscribers (the forms' writes, hand edits included), the forms' rate-limit windows. Written
 * with every column any schema version has had; each version keeps the columns it knows.
 */
export const OPERATOR_ROWS: TableRow[] = [
  ...[
    ["pending", null, null],
    ["reviewing", "submissions/2026/01/a1-demo.mp3", null],
    ["accepted", "submissions/2026/01/a2-demo.wav", "submissions/2026/01/a2-cover.png"],
    ["rejected", null, "submissions/2026/02/a3-cover.jpg"],
  ].map(([status, audio, artwork], i) => ({
    table: "submissions",
    row: {
      id: 501 + i,
      reference: `CF-UPGRADE-${i + 1}`,
      artist_name: ["Søren Ølgaard", "Ana 'Kiki' Lopes", "DJ Ñu", "Ruth & the Tide"][i],
      email: `artist${i + 1}@example.com`,
      track_title: `Upgrade Track ${i + 1}`,
      genre: i % 2 ? "techno" : null,
      city: ["Berlin", null, "Lagos", "Kraków"][i],
      links: JSON.stringify([`https://soundcloud.com/artist-${i + 1}`]),
      message: i === 2 ? 'Line one.\nLine "two".' : null,
      consent: 1,
      audio_file_key: audio,
      audio_file_name: audio ? `demo-${i + 1}.mp3` : null,
      audio_file_type: audio ? "audio/mpeg" : null,
      audio_file_size: audio ? 4_200_000 + i : null,
      artwork_file_key: artwork,
      artwork_file_name: artwork ? `cover-${i + 1}.png` : null,
      artwork_file_type: artwork ? "image/png" : null,
      artwork_file_size: artwork ? 300_000 + i : null,
      status,
      admin_notes: status === "pending" ? null : `noted ${status}`,
      submission_date: `2026-01-0${i + 1}T10:00:00.000Z`,
    },
  })),
  ...[
    ["reader1@example.com", "Mia", "Kowalski", "Warsaw", "website_footer"],
    ["Reader2@Example.com", null, null, null, "newsletter_page"],
    ["reader3@example.com", "Zoë", null, "Montréal", "website_footer"],
  ].map(([email, first, last, city, source], i) => ({
    table: "newsletter_subscribers",
    row: {
      id: 701 + i,
      email,
      first_name: first,
      last_name: last,
      city,
      source,
      created_at: `2025-12-1${i}T08:00:00.000Z`,
      unsubscribe_token: `${"ab".repeat(15)}${String(i).padStart(2, "0")}`,
    },
  })),
  { table: "rate_limits", row: { key: "newsletter:2f1c9a", window_start: 1767225600, count: 3 } },
  // Mail (migrations/0009_mail.sql): columns with a CHECK get the values the Worker writes.
  {
    table: "mail_suppressions",
    row: { email: "gone@example.com", reason: "bounced", created_at: "2026-02-01T10:00:00.000Z" },
  },
  {
    table: "announcements",
    row: {
      id: 801,
      subject: "Fresh this week",
      body: "The **new mix** is out.",
      items: "[]",
      status: "sent",
      created_at: "2026-02-02T10:00:00.000Z",
      sent_at: "2026-02-02T10:05:00.000Z",
    },
  },
  {
    table: "announcement_sends",
    row: {
      announcement_id: 801,
      subscriber_id: 701,
      email: "reader1@example.com",
      status: "sent",
      attempts: 1,
      updated_at: "2026-02-02T10:01:00.000Z",
    },
  },
  // Newsletter picks (migrations/0011_newsletter_picks.sql).
  { table: "newsletter_picks", row: { subscriber_id: 701, kind: "artist", slug: "jurgen-moller" } },
];

/** Keeps the values of the columns the table has at this version. */
function fit(row: Record<string, SqlValue>, table: TableInfo): Record<string, SqlValue> {
  const names = new Set(table.columns.map((c) => c.name));
  return Object.fromEntries(Object.entries(row).filter(([column]) => names.has(column)));
}

/** A row for a table nobody wrote rows for: a value of its declared type in every column. */
export function genericRow(table: TableInfo): Record<string, SqlValue> {
  const row: Record<string, SqlValue> = {};
  for (const c of table.columns) {
    const type = c.type.toUpperCase();
    if (c.pk && type === "INTEGER") continue;
    row[c.name] = /INT/.test(type) ? 1 : /REAL|FLOA|DOUB|NUM/.test(type) ? 1.5 : `${table.name}.${c.name}`;
  }
  return row;
}

/**
 * Fills the database the way an operator's would be at its current schema version: the
 * catalogue as far as the schema holds it, the operator's rows above, and one made-up row in any
 * other table. Returns how many rows went in.
 */
export async function fillLikeAnOperator(
  db: D1Database,
  catalogue: Parameters<typeof catalogueRows>[0],
  bodies: BodyForm = "document",
  texts: TextForm = "document",
) {
  const tables = new Map((await dataTables(db)).map((t) => [t.name, t]));
  const rows = [
    ...catalogueRows(catalogue).map((r) => inTextForm(inForm(r, bodies), texts)),
    ...OPERATOR_ROWS,
  ];
  const covered = new Set(rows.map((r) => r.table));
  for (const table of tables.values()) {
    if (!covered.has(table.name)) rows.push({ table: table.name, row: genericRow(table) });
  }
  const statements = rows.flatMap(({ table, row }) => {
    const info = tables.get(table);
    return info ? [insertStatement(db, table, fit(row, info))] : [];
  });
  for (let i = 0; i < statements.length; i += 200) await db.batch(statements.slice(i, i + 200));
  return statements.length;
}

/** The tables whose `content` is a body, a document from migrations/0014_documents.sql on. */
export const BODY_TABLES = ["posts", "aggregated_posts"];

/**
 * A catalogue row as a store before migrations/0014_documents.sql held it: a body as its plain
 * paragraphs, each block's text one paragraph.
 */
function inForm(r: TableRow, bodies: BodyForm): TableRow {
  if (bodies === "document" || !BODY_TABLES.includes(r.table)) return r;
  return { table: r.table, row: { ...r.row, content: blockTexts(toDocument(r.row.content)) } };
}

/** The long texts of each table (migrations/0016_long_texts.sql): descriptions, credits, bios. */
const LONG_COLUMNS = new Map<string, string[]>();
for (const [table, column] of LONG_TEXTS)
  LONG_COLUMNS.set(table, [...(LONG_COLUMNS.get(table) ?? []), column]);

/** A catalogue row as a store before migrations/0016_long_texts.sql held it: long texts as text. */
function inTextForm(r: TableRow, texts: TextForm): TableRow {
  const columns = LONG_COLUMNS.get(r.table);
  if (texts === "document" || !columns) return r;
  const row = { ...r.row };
  for (const c of columns) row[c] = blockTexts(storedDocument(row[c] ?? "")).join("\n\n");
  return { table: r.table, row };
}

/** Whether a table has a column an upgrade turns into a document. */
export const upgradedTable = (table: string) => BODY_TABLES.includes(table) || LONG_COLUMNS.has(table);

/**
 * A row of `snapshot` with its body as migrations/0014_documents.sql turns it (each plain
 * paragraph a paragraph block) and its long texts as 0016_long_texts.sql does (each paragraph
 * between blank lines a paragraph block), the documents' JSON written one way: what an upgrade
 * must give. `convert` false only writes the JSON one way, for the rows the upgrade gave.
 */
export function asUpgraded(row: string, table: string, columns: string[], convert = true): string {
  const values = JSON.parse(row) as unknown[];
  const at = columns.indexOf("content");
  const content = values[at];
  if (BODY_TABLES.includes(table) && at >= 0 && typeof content === "string") {
    const stored: unknown = JSON.parse(content);
    values[at] = JSON.stringify(convert ? toDocument(stored) : stored);
  }
  for (const column of LONG_COLUMNS.get(table) ?? []) {
    const i = columns.indexOf(column);
    if (i >= 0 && typeof values[i] === "string")
      values[i] = JSON.stringify(convert ? storedDocument(values[i]) : JSON.parse(values[i] as string));
  }
  return JSON.stringify(values);
}

/** An INSERT with bound values (text with line breaks included), as the Worker's own writes. */
function insertStatement(db: D1Database, table: string, row: Record<string, SqlValue>): D1PreparedStatement {
  const columns = Object.keys(row);
  const values = columns.map((c) => {
    const value = row[c];
    if (value === undefined || value === null) return null;
    if (typeof value === "boolean") return value ? 1 : 0;
    return typeof value === "object" ? JSON.stringify(value) : value;
  });
  const list = columns.map((c) => `"${c}"`).join(", ");
  return db
    .prepare(`INSERT INTO "${table}" (${list}) VALUES (${columns.map(() => "?").join(", ")})`)
    .bind(...values);
}

/** Every row of every data table, as JSON text per row, sorted: what "nothing lost" compares. */
export async function snapshot(db: D1Database): Promise<Map<string, { columns: string[]; rows: string[] }>> {
  const out = new Map<string, { columns: string[]; rows: string[] }>();
  for (const table of await dataTables(db)) {
    const columns = table.columns.map((c) => c.name);
    out.set(table.name, { columns, rows: await rowsOf(db, table.name, columns) });
  }
  return out;
}

/** The given columns of every row of a table, one JSON array per row, sorted. */
export async function rowsOf(db: D1Database, table: string, columns: string[]): Promise<string[]> {
  const list = columns.map((c) => `"${c}"`).join(", ");
  const results = await db.prepare(`SELECT ${list} FROM "${table}"`).raw();
  return results.map((r) => JSON.stringify(r)).sort();
}
