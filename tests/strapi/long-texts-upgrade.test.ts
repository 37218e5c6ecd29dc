import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { laneEnv } from "./lane";

// cms/database/migrations/2026.12.04T00.00.00.long-texts-as-blocks.js on the lane's Postgres:
// a database as Strapi kept it before every long text was blocks (text columns, the bio
// Markdown), upgraded by the migration Strapi runs before its schema sync. Each text must come
// out as its paragraphs, the columns jsonb, and a second run must change nothing
// (docs/decisions/149-every-long-text-a-document.md).
const require = createRequire(join(process.cwd(), "cms", "package.json"));
type Knex = {
  raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;
  destroy: () => Promise<void>;
  (
    table: string,
  ): { insert: (rows: object[]) => Promise<unknown>; select: (...c: string[]) => Promise<Row[]> };
  client: { config: { client: string } };
  schema: unknown;
};
type Row = Record<string, unknown>;
const knexOf = require("knex") as (config: object) => Knex;
const { up } = require("./database/migrations/2026.12.04T00.00.00.long-texts-as-blocks.js") as {
  up: (knex: Knex) => Promise<void>;
};

const paragraph = (text: string) => ({ type: "paragraph", children: [{ type: "text", text }] });
const database = `long_texts_${randomBytes(4).toString("hex")}`;
let server: Knex;
let db: Knex;

beforeAll(async () => {
  const url = laneEnv("CMS_DATABASE_URL");
  server = knexOf({ client: "pg", connection: url });
  await server.raw(`CREATE DATABASE ${database}`);
  const at = new URL(url);
  at.pathname = `/${database}`;
  db = knexOf({ client: "postgres", connection: at.href });
  for (const [table, columns] of [
    ["mixtapes", ["description"]],
    ["label_releases", ["description", "credits"]],
    ["events", ["description"]],
    ["artists", ["bio"]],
  ] as const)
    await db.raw(
      `CREATE TABLE ${table} (id serial PRIMARY KEY, title text, ${columns.map((c) => `${c} text`).join(", ")})`,
    );
  await db("mixtapes").insert([
    { title: "Two paragraphs", description: 'Recorded live.\n\nSide B: breaks, and a "quote".' },
    { title: "Empty", description: "" },
    { title: "None", description: null },
  ]);
  await db("label_releases").insert([
    { title: "EP", description: "A record.", credits: "Mastered by X.\nCut by Y.\n\n\nArtwork: Z." },
  ]);
  await db("events").insert([{ title: "Night", description: "Doors at ten." }]);
  await db("artists").insert([
    { title: "Duo", bio: "A duo from **Leeds**.\n\nSecond [paragraph](https://x.test)." },
  ]);
});

afterAll(async () => {
  await db?.destroy();
  await server?.raw(`DROP DATABASE IF EXISTS ${database}`);
  await server?.destroy();
});

const types = async () =>
  (
    await db.raw(
      "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND column_name IN ('description', 'credits', 'bio') ORDER BY table_name, column_name",
    )
  ).rows.map((r) => `${r.table_name}.${r.column_name} ${r.data_type}`);

describe("the upgrade of a Strapi database whose long texts were text", () => {
  it("makes every long text column jsonb and each paragraph a paragraph block", async () => {
    expect(await types()).toEqual([
      "artists.bio text",
      "events.description text",
      "label_releases.credits text",
      "label_releases.description text",
      "mixtapes.description text",
    ]);
    await up(db);
    expect(await types()).toEqual([
      "artists.bio jsonb",
      "events.description jsonb",
      "label_releases.credits jsonb",
      "label_releases.description jsonb",
      "mixtapes.description jsonb",
    ]);
    const mixtapes = await db("mixtapes").select("title", "description");
    expect(mixtapes.map((m) => [m.title, m.description])).toEqual([
      ["Two paragraphs", [paragraph("Recorded live."), paragraph('Side B: breaks, and a "quote".')]],
      ["Empty", null],
      ["None", null],
    ]);
    const [release] = await db("label_releases").select("description", "credits");
    expect(release).toEqual({
      description: [paragraph("A record.")],
      credits: [paragraph("Mastered by X.\nCut by Y."), paragraph("Artwork: Z.")],
    });
    expect((await db("events").select("description"))[0]?.description).toEqual([paragraph("Doors at ten.")]);
    // The bio's Markdown was shown as its text on the site, and stays that text.
    expect((await db("artists").select("bio"))[0]?.bio).toEqual([
      paragraph("A duo from **Leeds**."),
      paragraph("Second [paragraph](https://x.test)."),
    ]);
  });

  it("changes nothing when it runs again", async () => {
    const before = await db("label_releases").select("description", "credits");
    await up(db);
    expect(await db("label_releases").select("description", "credits")).toEqual(before);
    expect(await types()).toContain("mixtapes.description jsonb");
  });
});
